/**
 * The design tools of a singletable design file, usable from Java: {@link dev.singletable.design.DesignTools} lints and
 * describes a loaded {@link dev.singletable.schema.SchemaFile}. Implementations live in
 * {@code dev.singletable.design.internal}, which is not exported.
 *
 * <pre>{@code
 * DesignTools tools = DesignTools.of(SchemaFile.load(Path.of("designs/blog.singletable.yaml")));
 * tools.lint().forEach(f -> System.out.println(f.ruleId() + " " + f.subject() + ": " + f.message()));
 * }</pre>
 */
package dev.singletable.design;
