package dev.singletable.spring.boot;

import dev.singletable.Experimental;

/**
 * The name a table has in this environment, from the name of its design ({@code AppTable}): declare a bean of this type
 * to replace the default, which puts {@code singletable.table-name-prefix} before it and
 * {@code singletable.table-name-suffix} after it.
 *
 * <pre>{@code
 * @Bean
 * TableNameResolver tableNames(@Value("${app.stage}") String stage) {
 *     return design -> stage + "." + design;
 * }
 * }</pre>
 */
@FunctionalInterface
@Experimental
public interface TableNameResolver {
    String tableName(String designName);

    /** {@code prefix + designName + suffix}. */
    static TableNameResolver affixes(String prefix, String suffix) {
        return design -> prefix + design + suffix;
    }
}
