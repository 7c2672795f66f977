package dev.singletable.design.internal.tables;

import java.util.ArrayList;
import java.util.List;

/** Rows under a header, rendered as aligned text columns or as a Markdown table. */
record Grid(List<String> header, List<List<String>> rows) {
    public Grid {
        header = List.copyOf(header);
        rows = rows.stream().map(List::copyOf).toList();
    }

    /** Aligned columns two spaces apart, the header first, no trailing spaces. */
    List<String> text() {
        int[] widths = new int[header.size()];
        List<List<String>> all = new ArrayList<>();
        all.add(header);
        all.addAll(rows);
        for (List<String> row : all) {
            for (int i = 0; i < row.size(); i++) {
                widths[i] = Math.max(widths[i], row.get(i).codePointCount(0, row.get(i).length()));
            }
        }
        List<String> lines = new ArrayList<>();
        for (List<String> row : all) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.size(); i++) {
                String cell = row.get(i);
                line.append(cell);
                if (i < row.size() - 1) {
                    line.append(" ".repeat(widths[i] - cell.codePointCount(0, cell.length()) + 2));
                }
            }
            lines.add(line.toString().stripTrailing());
        }
        return lines;
    }

    /** A GitHub-flavoured Markdown table; pipes and line breaks in cells are escaped. */
    List<String> markdown() {
        return markdown(java.util.Set.of());
    }

    /** A Markdown table whose cells in {@code codeColumns} (templates, conditions) are code spans. */
    List<String> markdown(java.util.Set<Integer> codeColumns) {
        List<String> lines = new ArrayList<>();
        lines.add(markdownRow(header, java.util.Set.of()));
        lines.add(markdownRow(header.stream().map(h -> "---").toList(), java.util.Set.of()));
        rows.forEach(row -> lines.add(markdownRow(row, codeColumns)));
        return lines;
    }

    private static String markdownRow(List<String> cells, java.util.Set<Integer> codeColumns) {
        StringBuilder line = new StringBuilder("|");
        for (int i = 0; i < cells.size(); i++) {
            String cell = cells.get(i);
            boolean code = codeColumns.contains(i) && !cell.equals(DesignTables.NONE) && !cell.equals(DesignTables.NOT_IN_INDEX)
                    && !cell.contains("`") && !cell.contains("\n");
            line.append(' ').append(code ? "`" + cell.replace("|", "\\|") + "`" : markdownCell(cell)).append(" |");
        }
        return line.toString();
    }

    static String markdownCell(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\\", "\\\\").replace("|", "\\|")
                .replace("`", "\\`").replace("*", "\\*").replace("_", "\\_").replace("\n", "<br>");
    }
}
