package dev.singletable.internal;

import dev.singletable.Filter;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Renders filters into one request's expression, collecting placeholders. Every name and value goes
 * through a placeholder; a name used twice shares one.
 */
public final class ExpressionWriter {
    private final String prefix;
    private final Map<String, String> names;
    private final Map<String, AttributeValue> values;
    private final Map<String, String> placeholderByName = new LinkedHashMap<>();
    private int nextName;
    private int nextValue;

    /**
     * @param prefix placeholder prefix ({@code f} gives {@code #f0}, {@code :f0}), distinct from the
     *               other placeholders written into the same maps
     */
    public ExpressionWriter(String prefix, Map<String, String> names, Map<String, AttributeValue> values) {
        this.prefix = prefix;
        this.names = names;
        this.values = values;
    }

    /** The filter as expression text; empty for {@link Filter#none()}. */
    public String write(Filter filter) {
        StringBuilder out = new StringBuilder();
        write(filter, out, false);
        return out.toString();
    }

    private void write(Filter filter, StringBuilder out, boolean nested) {
        if (filter instanceof Filter.None) {
            return;
        }
        if (filter instanceof Filter.Comparison c) {
            out.append(name(c.attribute())).append(' ').append(c.operator().symbol()).append(' ').append(value(c.value()));
        } else if (filter instanceof Filter.Between b) {
            out.append(name(b.attribute())).append(" BETWEEN ").append(value(b.low())).append(" AND ").append(value(b.high()));
        } else if (filter instanceof Filter.BeginsWith b) {
            out.append("begins_with(").append(name(b.attribute())).append(", ").append(value(b.prefix())).append(')');
        } else if (filter instanceof Filter.Contains c) {
            out.append("contains(").append(name(c.attribute())).append(", ").append(value(c.operand())).append(')');
        } else if (filter instanceof Filter.Exists e) {
            out.append(e.exists() ? "attribute_exists(" : "attribute_not_exists(").append(name(e.attribute())).append(')');
        } else if (filter instanceof Filter.In in) {
            out.append(name(in.attribute())).append(" IN (");
            for (int i = 0; i < in.values().size(); i++) {
                out.append(i == 0 ? "" : ", ").append(value(in.values().get(i)));
            }
            out.append(')');
        } else if (filter instanceof Filter.Not not) {
            out.append("NOT ");
            write(not.operand(), out, true);
        } else if (filter instanceof Filter.Junction j) {
            if (nested) {
                out.append('(');
            }
            for (int i = 0; i < j.operands().size(); i++) {
                if (i > 0) {
                    out.append(j.all() ? " AND " : " OR ");
                }
                write(j.operands().get(i), out, true);
            }
            if (nested) {
                out.append(')');
            }
        } else {
            throw new IllegalStateException("unknown filter " + filter);
        }
    }

    /** The placeholder for an attribute name, registering it. */
    public String name(String attribute) {
        return placeholderByName.computeIfAbsent(attribute, a -> {
            String placeholder = "#" + prefix + nextName++;
            names.put(placeholder, a);
            return placeholder;
        });
    }

    private String value(AttributeValue value) {
        String placeholder = ":" + prefix + nextValue++;
        values.put(placeholder, value);
        return placeholder;
    }
}
