package dev.singletable.cli.data;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.singletable.AttributePath;
import dev.singletable.AttributeTypes;
import dev.singletable.Condition;
import dev.singletable.DynamicItem;
import dev.singletable.Update;
import dev.singletable.ValidationException;
import dev.singletable.design.internal.text.JsonValues;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.AttributeDefinition.AttributeKind;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.RecordTypeDefinition;
import dev.singletable.schema.SchemaFile;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The options of a write that name a document path of one entity and, most of them, a value there ({@code --set
 * address.city=Paris}, {@code --remove tags[1]}, {@code --expect stock>=2}, or {@code set}, {@code remove}, {@code expect}
 * of an action of {@code transact}'s file): each path resolved by the schema file and each value read by the type at the
 * path, a mistake a usage error naming the command, entity, option, path and value.
 */
final class PathArguments {
    private final CommandSpec spec;
    private final String command;
    private final String entity;
    private final SchemaFile file;

    /** One path of an option, resolved, with its value read by the type there. */
    record PathValue(AttributePath<DynamicItem, Object> path, Object value) {
    }

    PathArguments(CommandSpec spec, String command, String entity, SchemaFile file) {
        this.spec = spec;
        this.command = command;
        this.entity = entity;
        this.file = file;
    }

    /**
     * Every guard of {@code option} ({@link Guard}: {@code stock>=2}, {@code status!=shipped}) as one condition the stored
     * item must hold, or no condition without one; each value read by the type at its path, and an ordered comparison of a
     * value DynamoDB does not order (a boolean, a list...) or of an attribute stored out of value order (an instant, an
     * enum) refused here, before anything is sent.
     */
    Condition guards(String option, List<String> guards) {
        List<Condition> conditions = new ArrayList<>();
        for (String given : guards) {
            Guard guard;
            try {
                guard = Guard.parse(given);
            } catch (Guard.Malformed e) {
                throw usage(option + " " + e.getMessage());
            }
            PathValue value = pathValue(option, given, new ArgumentValues.Argument(guard.path(), guard.text()));
            if (guard.comparison().ordered()) {
                // a file's enum is a string to the core, which cannot tell that its text does not sort as the listed values
                Optional<String> refusal = kindAt(guard.path()).flatMap(kind -> kind.orderedComparisonRefusal(
                        option + " " + given, guard.comparison().symbol(), guard.path(), "type: epochSeconds in the schema file", "="));
                if (refusal.isPresent()) {
                    throw usage(refusal.get());
                }
            }
            try {
                conditions.add(guard.comparison().condition(value.path(), value.value()));
            } catch (ValidationException e) {
                // the core's refusal names its Java call (Condition.ge(stock, true): ...); the reason after it is the command's,
                // its fix in the command's terms (a guard compares one value; the schema file declares an attribute's type)
                String reason = e.getMessage().substring(e.getMessage().indexOf("): ") + 3);
                throw usage(option + " " + given + ": " + reason.replace("compare it with eq or ne", "compare it with = or !=")
                        .replace("compare it with eq or in", "compare it with =")
                        .replace("(AttributeTypes.EPOCH_SECONDS)", "(type: epochSeconds in the schema file)"));
            }
        }
        return conditions.isEmpty() ? Condition.none() : Condition.allOf(conditions);
    }

    /**
     * The file's kind of the value a path ends at, through records ({@code address.kind}, {@code lines[0].sku},
     * {@code byCode["x"].kind}) and into the elements of lists and maps ({@code tags[0]}); empty for a path the entity
     * does not declare (the bag's attributes, a document's insides).
     */
    private Optional<AttributeKind> kindAt(String path) {
        Optional<AttributeKind> kind = Optional.empty();
        Map<String, AttributeDefinition> attributes = Optional.ofNullable(file.document().entityTypes().get(entity))
                .map(EntityDefinition::attributes).orElse(Map.of());
        for (String step : steps(path)) {
            int bracket = step.indexOf('[');
            AttributeDefinition declared = attributes.get(bracket < 0 ? step : step.substring(0, bracket));
            if (declared == null) {
                return Optional.empty();
            }
            kind = Optional.of(bracket >= 0 && declared.elementType().isPresent() ? declared.elementType().get() : declared.type());
            attributes = declared.recordType().map(type -> file.document().types().get(type))
                    .map(RecordTypeDefinition::attributes).orElse(Map.of());
        }
        return kind;
    }

    /**
     * The steps of a path between the dots outside brackets and quotes: {@code byCode["a.b"].kind} is
     * {@code byCode["a.b"]}, {@code kind}; a map key may hold any text, {@code "} written {@code \"}.
     */
    private static List<String> steps(String path) {
        List<String> steps = new ArrayList<>();
        int depth = 0;
        boolean quoted = false;
        int start = 0;
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (quoted) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    quoted = false;
                }
            } else if (c == '"' && depth > 0) {
                quoted = true;
            } else if (c == '[') {
                depth++;
            } else if (c == ']' && depth > 0) {
                depth--;
            } else if (c == '.' && depth == 0) {
                steps.add(path.substring(start, i));
                start = i + 1;
            }
        }
        steps.add(path.substring(start));
        return steps;
    }

    /**
     * The {@code set}, {@code remove} and {@code add} of an update as one change, their paths and values checked before
     * anything is sent; the options named with {@code prefix} ({@code --set} on the command line, {@code set} in a file).
     */
    UnaryOperator<Update<DynamicItem>> changes(String prefix, List<String> sets, List<String> removes, List<String> adds) {
        List<PathValue> setValues = sets.stream().map(set -> pathValue(prefix + "set", set)).toList();
        List<AttributePath<DynamicItem, Object>> removePaths = removes.stream().map(remove -> path(prefix + "remove", remove)).toList();
        List<PathValue> addValues = adds.stream().map(add -> pathValue(prefix + "add", add)).toList();
        for (PathValue add : addValues) {
            if (!(add.value() instanceof Number)) {
                throw usage(prefix + "add " + add.path() + " holds no number; " + prefix + "add takes a path to an integer, long or decimal");
            }
        }
        return u -> {
            Update<DynamicItem> update = u;
            for (PathValue set : setValues) {
                update = update.set(set.path(), set.value());
            }
            for (AttributePath<DynamicItem, Object> remove : removePaths) {
                update = update.remove(remove);
            }
            for (PathValue add : addValues) {
                update = update.add(number(add.path()), (Number) add.value());
            }
            return update;
        };
    }

    @SuppressWarnings("unchecked")
    private static AttributePath<DynamicItem, Number> number(AttributePath<DynamicItem, Object> path) {
        return (AttributePath<DynamicItem, Number>) (AttributePath<DynamicItem, ?>) path;
    }

    /** The path of {@code path} as {@code option} gives it: into a declared attribute, or a whole attribute of the bag. */
    AttributePath<DynamicItem, Object> path(String option, String path) {
        if (inBag(path)) {
            return bagPath(option, path);
        }
        try {
            return file.path(entity, path);
        } catch (ValidationException e) {
            throw usage(option + " " + path + ": " + withoutEntity(e.getMessage()));
        }
    }

    /**
     * Whether {@code path} goes into the entity's attribute bag: the entity keeps one, and the path's attribute (without the
     * {@code :} of {@code name:=json}) is none it declares, as put takes such an attribute into the bag.
     */
    private boolean inBag(String path) {
        String root = EntityArguments.unjson(path).split("[.\\[]", 2)[0];
        return Optional.ofNullable(file.document().entityTypes().get(entity))
                .filter(definition -> definition.attributeBag() && !definition.attributes().containsKey(root)).isPresent();
    }

    /**
     * A whole attribute of the entity's attribute bag; a path into one is refused, as the design does not say what the bag's
     * attributes hold (a key attribute's name is refused by the core, naming what the table writes there).
     */
    private AttributePath<DynamicItem, Object> bagPath(String option, String path) {
        String name = EntityArguments.unjson(path);
        if (name.contains(".") || name.contains("[")) {
            String root = name.split("[.\\[]", 2)[0];
            throw usage(option + " " + path + ": " + root + " is no attribute " + entity + " declares, so it is in the entity's attribute "
                    + "bag, whose attributes the design does not describe: a path into one cannot be checked. Change the whole attribute ("
                    + option + " '" + root + ":=JSON' with every value it keeps), or declare " + root + " in the design");
        }
        try {
            return dev.singletable.Attribute.inBag(file.entity(entity), name).asPath();
        } catch (ValidationException e) {
            throw usage(option + " " + path + ": " + withoutEntity(e.getMessage()));
        }
    }

    /**
     * The value of {@code name=text} of a bag's attribute as put takes it: the text as written ({@code zip=12345} the string
     * "12345"), or the JSON value of {@code name:=json} ({@code n:=4} a number); {@code --add} takes a number either way.
     */
    private PathValue bagValue(String option, String argument, ArgumentValues.Argument parsed) {
        AttributePath<DynamicItem, Object> path = bagPath(option, parsed.name());
        String name = path.root().name();
        boolean json = !name.equals(parsed.name());
        if (option.replaceFirst("^--", "").equals("add")) {
            try {
                return new PathValue(path, new BigDecimal(parsed.text().strip()));
            } catch (NumberFormatException e) {
                throw usage(option + " " + argument + ": " + parsed.text() + " is no number; " + option + " takes a number, such as "
                        + option + " " + name + "=1");
            }
        }
        return new PathValue(path, json ? EntityArguments.jsonValue(name, parsed.text(), message -> usage(option + " " + message))
                : parsed.text());
    }

    /** The path and value of {@code argument}, {@code PATH=VALUE}, as {@code option} gives it. */
    PathValue pathValue(String option, String argument) {
        ArgumentValues.Argument parsed = ArgumentValues.Argument.parse(argument).orElseThrow(() -> usage(
                option + " " + argument + " is not PATH=VALUE, such as address.city=Paris"));
        return pathValue(option, argument, parsed);
    }

    private PathValue pathValue(String option, String argument, ArgumentValues.Argument parsed) {
        if (inBag(parsed.name())) {
            return bagValue(option, argument, parsed);
        }
        AttributePath<DynamicItem, Object> path = path(option, parsed.name());
        // a whole declared attribute gets the hint of its kind, as put gives it; a path inside one, the path's
        Optional<AttributeDefinition> whole = Optional.ofNullable(file.document().entityTypes().get(entity))
                .map(definition -> definition.attributes().get(parsed.name()));
        java.util.function.Consumer<Object> stored = value -> {
            Optional<String> refusal = whole.isPresent() ? StoredValues.refusal(whole.get(), parsed.text(), value)
                    : StoredValues.pathRefusal(path.type(), parsed.text(), value);
            if (refusal.isPresent()) {
                throw new ArgumentValues.Refusal("", refusal.get());
            }
        };
        try {
            stored.accept(parsed.text()); // a number its kind's rule refuses (a fraction of epoch seconds), before its parser
            PathValue value = textValue(option, argument, parsed, path);
            stored.accept(value.value());
            return value;
        } catch (ArgumentValues.Refusal e) {
            throw usage(option + " " + argument + ": " + e.reason());
        }
    }

    /**
     * The value of one {@code PATH=VALUE} read by the type at the path: as text, else as JSON (records, lists, maps, sets).
     * The bare word null is refused (it is no value; stored as text it would be "null"), but sets a nullable attribute
     * to NULL; {@code "null"} in JSON quotes is a string path's text null.
     */
    private PathValue textValue(String option, String argument, ArgumentValues.Argument parsed, AttributePath<DynamicItem, Object> path) {
        String text = parsed.text();
        boolean set = option.replaceFirst("^--", "").equals("set");
        boolean string = AttributeTypes.STRING.equals(path.type());
        if (text.equals("null")) {
            if (set && path.isTopLevel() && path.root().isNullable()) {
                return new PathValue(path, null);
            }
            Optional<String> none = set ? ArgumentValues.none(parsed.name(),
                    path.isTopLevel() && path.root().isRequired(), "give " + option.replace("set", "remove") + " " + parsed.name()) : Optional.empty();
            throw ArgumentValues.bareNull("", string, none, option + " '" + parsed.name() + "=" + ArgumentValues.QUOTED_NULL + "'");
        }
        if (string && text.equals(ArgumentValues.QUOTED_NULL)) {
            text = "null";
        }
        try {
            return new PathValue(path, file.pathValue(entity, parsed.name(), text));
        } catch (ValidationException asText) {
            Object json;
            try {
                json = JsonValues.plain(ArgumentValues.json(parsed.name(), parsed.text()));
            } catch (JsonProcessingException e) {
                throw usage(option + " " + argument + ": " + withoutEntity(asText.getMessage()));
            }
            if (json == null || json instanceof String || json instanceof BigDecimal || json instanceof Boolean) {
                throw usage(option + " " + argument + ": " + withoutEntity(asText.getMessage()));
            }
            try {
                return new PathValue(path, file.pathValue(entity, parsed.name(), json));
            } catch (ValidationException e) {
                throw usage(option + " " + argument + ": " + withoutEntity(e.getMessage()));
            }
        }
    }

    /** The message without the leading {@code Customer: }, which the usage error's prefix already says. */
    private String withoutEntity(String message) {
        return message.startsWith(entity + ": ") ? message.substring(entity.length() + 2) : message;
    }

    ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), command + " " + entity + ": " + message);
    }
}
