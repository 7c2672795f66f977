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

/** The codecs of the fixed collection kinds: sets, lists and maps of a scalar, documents and their values; each names its type. */
final class CollectionKinds {
    private CollectionKinds() {
    }

    static final KindCodec STRING_SET = new KindCodec() {
        @Override
        Type genericType() {
            return generic(Set.class, String.class);
        }

        @Override
        AttributeType<?> makeType() {
            return StandardTypes.STRING_SET;
        }
    };

    static final KindCodec INTEGER_SET = new KindCodec() {
        @Override
        Type genericType() {
            return generic(Set.class, Integer.class);
        }

        @Override
        AttributeType<?> makeType() {
            return SetTypes.numberSetOf(Kind.INTEGER.type());
        }
    };

    static final KindCodec LONG_SET = new KindCodec() {
        @Override
        Type genericType() {
            return generic(Set.class, Long.class);
        }

        @Override
        AttributeType<?> makeType() {
            return SetTypes.numberSetOf(Kind.LONG.type());
        }
    };

    static final KindCodec BIG_INTEGER_SET = new KindCodec() {
        @Override
        Type genericType() {
            return generic(Set.class, BigInteger.class);
        }

        @Override
        AttributeType<?> makeType() {
            return SetTypes.numberSetOf(Kind.BIG_INTEGER.type());
        }
    };

    static final KindCodec DECIMAL_SET = new KindCodec() {
        @Override
        Type genericType() {
            return generic(Set.class, BigDecimal.class);
        }

        @Override
        AttributeType<?> makeType() {
            return SetTypes.numberSetOf(Kind.DECIMAL.type());
        }
    };

    static final KindCodec BINARY_SET = new KindCodec() {
        @Override
        Type genericType() {
            return generic(Set.class, ByteBuffer.class);
        }

        @Override
        AttributeType<?> makeType() {
            return SetTypes.BINARY_SET;
        }
    };

    static final KindCodec DOCUMENT = new KindCodec() {
        @Override
        Type genericType() {
            return generic(Map.class, String.class, Object.class);
        }

        @Override
        AttributeType<?> makeType() {
            return DocumentTypes.DOCUMENT;
        }
    };

    static final KindCodec DOCUMENT_VALUE = new KindCodec() {
        @Override
        AttributeType<?> makeType() {
            return DocumentTypes.VALUE;
        }
    };

    static final KindCodec STRING_LIST = new KindCodec() {
        @Override
        Type genericType() {
            return generic(List.class, String.class);
        }

        @Override
        AttributeType<?> makeType() {
            return StandardTypes.listOf(Kind.STRING.type());
        }
    };

    static final KindCodec STRING_MAP = new KindCodec() {
        @Override
        Type genericType() {
            return generic(Map.class, String.class, String.class);
        }

        @Override
        AttributeType<?> makeType() {
            return StandardTypes.mapOf(Kind.STRING.type());
        }
    };

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
