package dev.singletable;

/** DynamoDB's naming rules, checked without regular expressions (a fresh JVM then never compiles one to build a schema). */
final class DynamoNames {
    private DynamoNames() {
    }

    /** True for a valid table or index name: 3 to 255 characters of a-z, A-Z, 0-9, '_', '-' and '.'. */
    static boolean isTableOrIndexName(String name) {
        int length = name.length();
        if (length < 3 || length > 255) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            char c = name.charAt(i);
            boolean ok = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '-';
            if (!ok) {
                return false;
            }
        }
        return true;
    }
}
