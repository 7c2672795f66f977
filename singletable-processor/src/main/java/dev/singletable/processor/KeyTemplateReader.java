package dev.singletable.processor;

import dev.singletable.ClosestName;
import dev.singletable.KeyTemplate;
import dev.singletable.KeyTemplateException;
import dev.singletable.annotations.Ignore;
import dev.singletable.processor.EntityModel.Property;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.TypeElement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/** Checks key templates with the core's parser against an entity's properties and rewrites their slots to stored names. */
final class KeyTemplateReader {
    private final Diagnostics diagnostics;

    KeyTemplateReader(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    /** The attributes a template names, or none when it is malformed (reported when the template is checked). */
    static List<String> slotNames(String template) {
        try {
            return KeyTemplate.parse(template).attributeNames();
        } catch (KeyTemplateException e) {
            return List.of(); // reported when the template is checked
        }
    }

    /** Checks a template with the core's parser and rewrites its slots to stored attribute names. */
    String template(TypeElement type, AnnotationMirror mirror, String member, String template, List<Property> properties,
                    boolean primary) {
        AnnotationValue value = Annotated.values(mirror).get(member);
        KeyTemplate parsed;
        try {
            parsed = KeyTemplate.parse(template);
        } catch (KeyTemplateException e) {
            diagnostics.report(Message.MALFORMED_TEMPLATE, type, mirror, value, template, reason(template, e));
            return template;
        }
        List<Property> written = properties.stream().filter(p -> p.mapped() && p.written()).toList();
        for (KeyTemplate.Slot slot : parsed.slots()) {
            Property property = written.stream()
                    .filter(p -> p.javaName().equals(slot.attribute()) || p.attributeName().equals(slot.attribute()))
                    .findFirst().orElse(null);
            // Entity's Javadoc lets a slot name a property or a stored name; when those are two attributes, neither is meant surely
            Property byName = written.stream().filter(p -> p.javaName().equals(slot.attribute())).findFirst().orElse(null);
            Property stored = written.stream().filter(p -> p.attributeName().equals(slot.attribute())).findFirst().orElse(null);
            if (byName != null && stored != null && stored != byName) {
                diagnostics.report(Message.AMBIGUOUS_SLOT, type, mirror, value, template, slot.attribute(), type.getSimpleName(),
                        type.getSimpleName(), byName.javaName(), byName.attributeName(), type.getSimpleName(), stored.javaName(),
                        byName.attributeName(), stored.javaName());
                continue;
            }
            Property unwritten = property != null ? null : properties.stream()
                    .filter(p -> p.javaName().equals(slot.attribute()) || p.attributeName().equals(slot.attribute())).findFirst().orElse(null);
            if (unwritten != null && !unwritten.bag() && (unwritten.read() || unwritten.written()) && unwritten.typeCode() == null) {
                continue; // its type is reported at the property; "no attribute" here would send the user to the wrong line
            }
            if (unwritten != null && !unwritten.written()) {
                Ignore ignore = unwritten.element().getAnnotation(Ignore.class);
                diagnostics.report(Message.SLOT_NOT_WRITTEN, type, mirror, value, template, slot.attribute(), type.getSimpleName(),
                        unwritten.javaName(), ignore == null || ignore.value() == Ignore.Direction.BOTH ? "@Ignore'd (neither written nor read)"
                                : "@Ignore(Ignore.Direction." + ignore.value() + ") (read, never written)");
                continue;
            }
            if (property == null) {
                List<String> names = written.stream().flatMap(p -> Stream.of(p.javaName(), p.attributeName())).toList();
                diagnostics.report(Message.UNKNOWN_SLOT, type, mirror, value, template, slot.attribute(), type.getSimpleName(),
                        ClosestName.among(slot.attribute(), names).map(closest -> "; did you mean {" + closest + "}?").orElse(""),
                        written.stream().map(Property::javaName).toList());
                continue;
            }
            if (!isSlotName(property.attributeName())) {
                diagnostics.report(Message.KEY_SLOT_NAME_NOT_WRITABLE, property.element(), type.getSimpleName(), property.javaName(),
                        template, property.attributeName(), property.javaName());
            } else if (!property.typeCode().keyable() && !isPath(property.typeCode()) && (primary || !isSingleSlot(parsed))) {
                diagnostics.report(Message.KEY_SLOT_NOT_SCALAR, property.element(), type.getSimpleName(), property.javaName(), template,
                        EntityModel.describe(property.typeCode()));
            } else if (primary && Annotated.nullable(property.element())) {
                diagnostics.report(Message.NULLABLE_KEY_ATTRIBUTE, property.element(), type.getSimpleName(), property.javaName(),
                        template, "annotated @Nullable");
            }
        }
        Map<String, String> rename = new LinkedHashMap<>();
        for (Property property : written) {
            rename.put(property.javaName(), property.attributeName());
        }
        return renamed(parsed, name -> rename.getOrDefault(name, name));
    }

    /** Whether the core's templates can name an attribute of this stored name in a slot ({@code shipped-at} they cannot). */
    private static boolean isSlotName(String attributeName) {
        try {
            List<KeyTemplate.Slot> slots = KeyTemplate.parse("{" + attributeName + "}").slots();
            return slots.size() == 1 && slots.get(0).attribute().equals(attributeName);
        } catch (KeyTemplateException e) {
            return false;
        }
    }

    /** The core's reason without its "Key template '...': " lead, which the processor's message says itself. */
    private static String reason(String template, KeyTemplateException e) {
        String lead = "Key template '" + template + "': ";
        return e.getMessage().startsWith(lead) ? e.getMessage().substring(lead.length()) : e.getMessage();
    }

    /** The template written again from its parts, each slot naming {@code names.apply(attribute)}. */
    static String renamed(KeyTemplate template, UnaryOperator<String> names) {
        StringBuilder out = new StringBuilder();
        List<KeyTemplate.Slot> slots = template.slots();
        List<String> literals = template.literals();
        for (int i = 0; i < literals.size(); i++) {
            out.append(literals.get(i).replace("{", "{{").replace("}", "}}"));
            if (i < slots.size()) {
                KeyTemplate.Slot slot = slots.get(i);
                if (slot.isShard()) {
                    out.append("{shard:of=").append(names.apply(slot.attribute())).append(",count=").append(slot.shardCount()).append('}');
                    continue;
                }
                out.append('{').append(names.apply(slot.attribute()));
                slot.format().ifPresent(format -> out.append(':').append(format));
                out.append('}');
            }
        }
        return out.toString();
    }

    /** A list of strings fills a key slot as a hierarchy path, its segments escaped and joined by '#'. */
    private static boolean isPath(EntityModel.TypeCode code) {
        return code instanceof EntityModel.TypeCode.Constant constant && constant.name().equals("STRING_LIST")
                || code instanceof EntityModel.TypeCode.Of of && of.method().equals("listOf")
                && of.element() instanceof EntityModel.TypeCode.Constant element && element.name().equals("STRING");
    }

    /** {@code {x}} alone: on a number or binary index key it stores the value itself, of any type the key takes. */
    private static boolean isSingleSlot(KeyTemplate template) {
        return template.slots().size() == 1 && template.literals().get(0).isEmpty() && template.literals().get(1).isEmpty()
                && template.slots().get(0).format().isEmpty();
    }
}
