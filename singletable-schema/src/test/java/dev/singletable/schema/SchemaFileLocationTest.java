package dev.singletable.schema;

import dev.singletable.NullArgumentException;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Where the fields of a loaded file start, for design tools that point at lines (lint, SARIF). */
class SchemaFileLocationTest {
    private static final Path BLOG = Path.of("../designs/blog.singletable.yaml");

    @Test
    void location_whenFieldIsInTheFile_givesItsLineAndColumn() {
        SchemaFile blog = SchemaFile.load(BLOG);

        assertThat(blog.location("entities", "Post", "indexes", "gsi1", "pk")).contains(new SourceLocation(BLOG.toString(), 93, 9));
        assertThat(blog.location("accessPatterns", "3")).contains(new SourceLocation(BLOG.toString(), 223, 5));
        assertThat(blog.location()).contains(new SourceLocation(BLOG.toString(), 2, 1));
    }

    @Test
    void location_whenFieldIsAbsent_givesItsNearestLocatedParent() {
        SchemaFile blog = SchemaFile.load(BLOG);

        assertThat(blog.location("entities", "Post", "indexes", "gsi1", "when")).isEqualTo(blog.location("entities", "Post", "indexes", "gsi1"));
    }

    @Test
    void location_whenANameIsNull_throwsNullArgumentException() {
        SchemaFile blog = SchemaFile.load(BLOG);

        assertThatThrownBy(() -> blog.location("entities", null)).isInstanceOf(NullArgumentException.class)
                .hasMessage("SchemaFile.location(path): path is null; pass a name for each level, such as (\"entities\", \"Post\")");
    }

    @Test
    void location_whenDocumentWasBuiltInCode_isEmpty() {
        SchemaFile built = SchemaFile.of(SchemaFile.load(BLOG).document());

        assertThat(built.location("entities", "Post")).isEqualTo(Optional.empty());
    }
}
