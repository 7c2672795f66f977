package dev.singletable.internal.kinds;

import dev.singletable.AttributeType;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/** The codecs of the fixed collection kinds: sets, lists and maps of a scalar, documents and their values; each names its type. */
final class CollectionKinds {
    private CollectionKinds() {
    }

    static final KindCodec STRING_SET = new CollectionCodec(generic(Set.class, String.class), () -> StandardTypes.STRING_SET);
    static final KindCodec INTEGER_SET = new CollectionCodec(generic(Set.class, Integer.class),
            () -> SetTypes.numberSetOf(Kind.INTEGER.type()));
    static final KindCodec LONG_SET = new CollectionCodec(generic(Set.class, Long.class), () -> SetTypes.numberSetOf(Kind.LONG.type()));
    static final KindCodec BIG_INTEGER_SET = new CollectionCodec(generic(Set.class, BigInteger.class),
            () -> SetTypes.numberSetOf(Kind.BIG_INTEGER.type()));
    static final KindCodec DECIMAL_SET = new CollectionCodec(generic(Set.class, BigDecimal.class),
            () -> SetTypes.numberSetOf(Kind.DECIMAL.type()));
    static final KindCodec BINARY_SET = new CollectionCodec(generic(Set.class, ByteBuffer.class), () -> SetTypes.BINARY_SET);
    static final KindCodec DOCUMENT = new CollectionCodec(generic(Map.class, String.class, Object.class), () -> DocumentTypes.DOCUMENT);
    static final KindCodec DOCUMENT_VALUE = new CollectionCodec(Object.class, () -> DocumentTypes.VALUE);
    static final KindCodec STRING_LIST = new CollectionCodec(generic(List.class, String.class),
            () -> StandardTypes.listOf(Kind.STRING.type()));
    static final KindCodec STRING_MAP = new CollectionCodec(generic(Map.class, String.class, String.class),
            () -> StandardTypes.mapOf(Kind.STRING.type()));

    /**
     * A fixed collection kind: its generic Java type and its attribute type. The type is made when {@link Kind} asks,
     * once all its entries exist, not here: it is built from other entries' types.
     */
    private static final class CollectionCodec extends KindCodec {
        private final Type genericType;
        private final Supplier<AttributeType<?>> type;

        CollectionCodec(Type genericType, Supplier<AttributeType<?>> type) {
            this.genericType = genericType;
            this.type = type;
        }

        @Override
        Type genericType() {
            return genericType;
        }

        @Override
        AttributeType<?> makeType() {
            return type.get();
        }
    }

    private static ParameterizedType generic(Class<?> raw, Type... arguments) {
        return new ParameterizedType() {
            @Override
            public Type[] getActualTypeArguments() {
                return arguments.clone();
            }

            @Override
            public Type getRawType() {
                return raw;
            }

            @Override
            public Type getOwnerType() {
                return null;
            }

            @Override
            public String toString() {
                StringBuilder text = new StringBuilder(raw.getName()).append('<');
                for (int i = 0; i < arguments.length; i++) {
                    text.append(i == 0 ? "" : ", ").append(arguments[i].getTypeName());
                }
                return text.append('>').toString();
            }
        };
    }
}
