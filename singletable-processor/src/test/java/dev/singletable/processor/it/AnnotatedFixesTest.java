package dev.singletable.processor.it;

import dev.singletable.Declaration;
import dev.singletable.Update;
import dev.singletable.ValidationException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A generated schema says it was declared by annotations, so the core's fixes speak of @Attribute, not Attribute.of(...). */
class AnnotatedFixesTest {
    @Test
    void declaration_whenSchemaIsGenerated_isAnnotations() {
        assertThat(EverythingSchema.INSTANCE.declaration()).isEqualTo(Declaration.ANNOTATIONS);
    }

    @Test
    void remove_whenAttributeIsAPrimitive_advisesTheAnnotationAndABoxedType() {
        assertThatThrownBy(() -> Update.of(EverythingSchema.INSTANCE).remove(EverythingSchema.PRIMITIVE_INT))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Update of Everything cannot remove primitiveInt: it is required (@Attribute(required = true), or a "
                        + "primitive); set another value, or declare it without @Attribute(required = true), and with a boxed type if "
                        + "it is a primitive (Integer for int), to allow it to be absent");
    }

    @Test
    void remove_whenAttributeFillsThePrimaryKey_saysTheKeyCannotChange() {
        assertThatThrownBy(() -> Update.of(EverythingSchema.INSTANCE).remove(EverythingSchema.ID))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Update of Everything cannot remove id: it fills a slot of the primary key, so it is always required; "
                        + "an update cannot change the item's key");
    }
}
