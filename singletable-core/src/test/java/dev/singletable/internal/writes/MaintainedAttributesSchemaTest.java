package dev.singletable.internal.writes;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;
import dev.singletable.SchemaDefinitionException;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MaintainedAttributesSchemaTest {
    record Doc(String id, Long version, String rev, Instant at) {}

    static final Attribute<Doc, String> ID = Attribute.required("id", AttributeTypes.STRING, Doc::id);
    static final Attribute<Doc, Long> VERSION = Attribute.of("version", AttributeTypes.LONG, Doc::version);
    static final Attribute<Doc, String> REV = Attribute.of("rev", AttributeTypes.STRING, Doc::rev);
    static final Attribute<Doc, Instant> AT = Attribute.of("at", AttributeTypes.INSTANT, Doc::at);

    private static EntitySchema.Builder<Doc> builder() {
        return EntitySchema.builder(Doc.class).attributes(ID, VERSION, REV, AT).primaryKey("DOC#{id}", "DOC")
                .factory(i -> new Doc(i.get(ID), i.get(VERSION), i.get(REV), i.get(AT)));
    }

    @Test
    void version_whenDeclaredOnALongAttribute_isExposed() {
        EntitySchema<Doc> schema = builder().version(VERSION).createdAt(AT).build();
        assertThat(schema.versionAttribute()).containsSame(VERSION);
        assertThat(schema.createdAtAttribute()).containsSame(AT);
        assertThat(schema.updatedAtAttribute()).isEmpty();
    }

    @Test
    void version_whenNotAmongTheAttributes_isRefused() {
        Attribute<Doc, Long> other = Attribute.of("v2", AttributeTypes.LONG, Doc::version);
        assertThatThrownBy(() -> builder().version(other).build()).isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Doc: version attribute 'v2' is not among the declared attributes; add it with attributes(...)");
    }

    @Test
    void version_whenFillingAKeySlot_isRefused() {
        assertThatThrownBy(() -> builder().index("GSI1", "V#{version}", "X").version(VERSION).build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Doc: version attribute 'version' fills a key template slot; a version changes on every write, so it "
                        + "cannot be part of a key");
    }

    @Test
    void createdAtAndUpdatedAt_whenTheSameAttribute_areRefused() {
        assertThatThrownBy(() -> builder().createdAt(AT).updatedAt(AT).build()).isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Doc: createdAt and updatedAt are both 'at'; give them their own attributes");
    }
}
