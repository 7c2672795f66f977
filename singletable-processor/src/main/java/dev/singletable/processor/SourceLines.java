package dev.singletable.processor;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.Trees;

import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import java.util.Optional;

/**
 * Where an element is declared in the Java sources, as the schema file's {@code source} records it: the file's path relative
 * to its source root ({@code dev/acme/Shop.java}, from its package) and the 1-based line where the declaration starts (its
 * annotations included). Design tools point their findings there (SARIF) instead of at the generated file. Read through
 * javac's tree API; under another compiler, or for an element compiled from a class file, there is no position and the file
 * leaves {@code source} out.
 */
final class SourceLines {
    private final Trees trees;

    private SourceLines(Trees trees) {
        this.trees = trees;
    }

    static SourceLines of(ProcessingEnvironment env) {
        try {
            return new SourceLines(Trees.instance(env));
        } catch (IllegalArgumentException | LinkageError e) {
            return new SourceLines(null); // not javac: no positions
        }
    }

    /** {@code {"path": "dev/acme/Shop.java", "line": 12}}, or empty without a source position. */
    Optional<String> at(Element element) {
        if (trees == null) {
            return Optional.empty();
        }
        TreePath path = trees.getPath(element);
        if (path == null) {
            return Optional.empty();
        }
        CompilationUnitTree unit = path.getCompilationUnit();
        long start = trees.getSourcePositions().getStartPosition(unit, path.getLeaf());
        if (start < 0 || unit.getLineMap() == null) {
            return Optional.empty();
        }
        String name = unit.getSourceFile().getName().replace('\\', '/');
        name = name.substring(name.lastIndexOf('/') + 1);
        String packagePath = unit.getPackageName() == null ? "" : unit.getPackageName().toString().replace('.', '/') + "/";
        return Optional.of("{\"path\": " + DesignFileWriter.quote(packagePath + name) + ", \"line\": "
                + unit.getLineMap().getLineNumber(start) + "}");
    }
}
