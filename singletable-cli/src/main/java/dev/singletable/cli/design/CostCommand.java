package dev.singletable.cli.design;

import dev.singletable.design.internal.tables.CostDocument;
import dev.singletable.design.internal.cost.CostModel;
import dev.singletable.design.internal.cost.CostReport;
import dev.singletable.design.internal.cost.PriceTable;
import dev.singletable.design.internal.cost.Scaling;
import dev.singletable.schema.Rates;
import dev.singletable.schema.SchemaFile;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code singletable cost DESIGN}: capacity, monthly cost and partition limits of a design at its declared rates. */
@Command(name = "cost", mixinStandardHelpOptions = true, optionListHeading = "Options:%n")
public final class CostCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private DesignDocumentOptions document;

    @Option(names = "--region", paramLabel = "REGION", defaultValue = "us-east-1")
    private String region;

    @Option(names = "--prices", paramLabel = "FILE")
    private Path prices;

    @Option(names = "--scale", paramLabel = "FACTOR", defaultValue = "1x")
    private String scale;

    @Option(names = "--rate", paramLabel = "PATTERN=PEAK[/AVERAGE]")
    private List<String> rates = new ArrayList<>();

    @Override
    public Integer call() {
        Scaling scaling = scaling();
        PriceTable table;
        try {
            table = prices == null ? PriceTable.builtIn() : PriceTable.load(prices);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--prices: " + e.getMessage());
        }
        Optional<List<SchemaFile>> designs = DesignInput.load(spec, document.design());
        if (designs.isEmpty()) {
            return 1;
        }
        List<CostReport> reports = new ArrayList<>();
        for (SchemaFile file : designs.get()) {
            try {
                reports.add(CostModel.of(file, table, region, scaling));
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
            }
        }
        spec.commandLine().getOut().print(CostDocument.render(reports, document.format));
        spec.commandLine().getOut().flush();
        return 0;
    }

    private Scaling scaling() {
        Map<String, Rates> given = new LinkedHashMap<>();
        try {
            for (String rate : rates) {
                int equals = rate.indexOf('=');
                if (equals < 1) {
                    throw new IllegalArgumentException("--rate '" + rate + "': write PATTERN=PEAK or PATTERN=PEAK/AVERAGE, such as posts-by-user=300/40");
                }
                String[] figures = rate.substring(equals + 1).split("/");
                double peak = Double.parseDouble(figures[0]);
                double average = figures.length > 1 ? Double.parseDouble(figures[1]) : peak;
                if (average > peak || peak < 0 || average < 0) {
                    throw new IllegalArgumentException("--rate '" + rate + "': give 0 <= AVERAGE <= PEAK calls a second");
                }
                given.put(rate.substring(0, equals), new Rates(peak, average, Optional.empty()));
            }
            return new Scaling(Scaling.parseFactor(scale), given);
        } catch (NumberFormatException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--rate: calls a second are numbers, such as posts-by-user=300/40");
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }
}
