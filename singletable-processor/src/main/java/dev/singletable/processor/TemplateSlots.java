package dev.singletable.processor;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The slots of a key template text, found with the same rules as the core's {@code KeyTemplate}
 * ({@code {{} and {@code }}} are literal braces, {@code {name:format}} is a slot), so that slot
 * names can be checked and rewritten to stored attribute names at compile time.
 */
final class TemplateSlots {
    record Slot(String name, int nameStart, int nameEnd) {
    }

    private TemplateSlots() {
    }

    /** The slots; throws {@link IllegalArgumentException} with the reason when the template is malformed. */
    static List<Slot> of(String template) {
        List<Slot> slots = new ArrayList<>();
        int i = 0;
        while (i < template.length()) {
            char c = template.charAt(i);
            if ((c == '{' || c == '}') && i + 1 < template.length() && template.charAt(i + 1) == c) {
                i += 2;
            } else if (c == '}') {
                throw new IllegalArgumentException("'}' at index " + i + " closes no slot; write '}}' for a literal brace");
            } else if (c == '{') {
                int close = template.indexOf('}', i);
                if (close < 0) {
                    throw new IllegalArgumentException("the slot opened at index " + i + " is never closed; add '}'");
                }
                int colon = template.indexOf(':', i);
                int nameEnd = colon >= 0 && colon < close ? colon : close;
                String name = template.substring(i + 1, nameEnd);
                if (name.isEmpty() || !Character.isJavaIdentifierStart(name.charAt(0))
                        || !name.chars().allMatch(Character::isJavaIdentifierPart)) {
                    throw new IllegalArgumentException("slot '{" + template.substring(i + 1, close) + "}' at index " + i
                            + " does not start with an attribute name");
                }
                slots.add(new Slot(name, i + 1, nameEnd));
                i = close + 1;
            } else {
                i++;
            }
        }
        return slots;
    }

    /** The template with each slot name replaced. */
    static String rename(String template, UnaryOperator<String> names) {
        StringBuilder out = new StringBuilder();
        int last = 0;
        for (Slot slot : of(template)) {
            out.append(template, last, slot.nameStart()).append(names.apply(slot.name()));
            last = slot.nameEnd();
        }
        return out.append(template.substring(last)).toString();
    }
}
