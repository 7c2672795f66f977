package dev.singletable;

import java.util.List;
import java.util.Locale;

/**
 * The "a" or "an" of singletable's messages: a name with its indefinite article as it is said, so that a message names a
 * type, an entity or a kind as a reader reads it aloud. The runtime core, the schema files, the design tools and the
 * command line put an article before a name with this one rule. Public only as a seam between singletable's modules.
 *
 * <pre>{@code
 * IndefiniteArticle.before("Instant");   // "an Instant"
 * IndefiniteArticle.before("Customer");  // "a Customer"
 * IndefiniteArticle.before("UUID");      // "a UUID" (a U read "you")
 * IndefiniteArticle.before("N");         // "an N" (a letter read "en")
 * }</pre>
 */
@Internal
public final class IndefiniteArticle {
    /** Beginnings of words that start with a vowel letter but are said with a consonant first. */
    private static final List<String> SAID_WITH_A_CONSONANT = List.of("one", "once", "uni", "use", "usa", "usu", "uti", "ura", "uu",
            "eu", "ewe");
    /** Capital letters said with a vowel first when a short code is read letter by letter ({@code N}, {@code SS}). */
    private static final String LETTERS_SAID_WITH_A_VOWEL = "AEFHILMNORSX";

    private IndefiniteArticle() {
    }

    /**
     * The name after its article: {@code an Instant}, {@code an Order}, {@code an integer}, {@code an Update}, {@code a String},
     * {@code a UUID}, {@code a User}, {@code a OneTable}, {@code an N}, {@code a B}.
     *
     * @param name a type's, entity's or kind's name, as the message shows it
     * @return the name with "a " or "an " before it
     */
    public static String before(String name) {
        NullArgumentException.check("IndefiniteArticle.before", "name", name);
        return (an(name) ? "an " : "a ") + name;
    }

    private static boolean an(String name) {
        if (name.isEmpty()) {
            return false;
        }
        if (name.length() <= 2 && name.equals(name.toUpperCase(Locale.ROOT))) {
            return LETTERS_SAID_WITH_A_VOWEL.indexOf(name.charAt(0)) >= 0;
        }
        String lower = name.toLowerCase(Locale.ROOT);
        if ("aeiou".indexOf(lower.charAt(0)) < 0 || SAID_WITH_A_CONSONANT.stream().anyMatch(lower::startsWith)) {
            return false;
        }
        // an acronym starting with U is read letter by letter: a UUID, a URL
        return !(lower.charAt(0) == 'u' && name.length() > 1 && Character.isUpperCase(name.charAt(1)));
    }
}
