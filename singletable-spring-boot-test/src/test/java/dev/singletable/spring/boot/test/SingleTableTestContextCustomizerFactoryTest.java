package dev.singletable.spring.boot.test;

import org.junit.jupiter.api.Test;
import org.springframework.test.context.ContextCustomizer;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Spring reuses a cached context for equal customizers: one test class's are equal, two classes' differ. */
class SingleTableTestContextCustomizerFactoryTest {
    private final SingleTableTestContextCustomizerFactory factory = new SingleTableTestContextCustomizerFactory();

    @SingleTableTest
    static class First {
    }

    @SingleTableTest
    static class Second {
    }

    static class Plain {
    }

    @Test
    void createContextCustomizer_whenAskedTwiceForOneClass_givesEqualCustomizersWithOneSuffix() {
        ContextCustomizer once = factory.createContextCustomizer(First.class, List.of());
        ContextCustomizer again = factory.createContextCustomizer(First.class, List.of());

        assertThat(again).isEqualTo(once).hasSameHashCodeAs(once);
        assertThat(((SingleTableTestContextCustomizer) again).suffix()).matches("-t\\d+");
    }

    @Test
    void createContextCustomizer_whenTwoClasses_givesEachASuffixOfItsOwn() {
        SingleTableTestContextCustomizer first = (SingleTableTestContextCustomizer) factory.createContextCustomizer(First.class, List.of());
        SingleTableTestContextCustomizer second = (SingleTableTestContextCustomizer) factory.createContextCustomizer(Second.class, List.of());

        assertThat(second).isNotEqualTo(first);
        assertThat(second.suffix()).isNotEqualTo(first.suffix());
    }

    @Test
    void createContextCustomizer_whenNotASingleTableTest_givesNone() {
        assertThat(factory.createContextCustomizer(Plain.class, List.of())).isNull();
    }
}
