package dev.singletable.internal.keys;

import java.nio.charset.StandardCharsets;

/**
 * The shard slot {@code {shard:of=deviceId,count=10}}: the shard is the 32-bit FNV-1a hash of the
 * UTF-8 bytes of the {@code of} attribute's key text, taken unsigned modulo the count, and written in
 * decimal with as many digits as the highest shard ({@code 0..9} for 10 shards, {@code 00..99} for 100).
 * FNV-1a rather than {@code String.hashCode}: it is specified outside Java (any language can compute the
 * shard of an item), and spreads short similar texts ({@code d1}, {@code d2}) over the shards.
 */
public final class ShardSlots {
    private static final int FNV_OFFSET = 0x811c9dc5;
    private static final int FNV_PRIME = 0x01000193;

    private ShardSlots() {
    }

    /** A shard given by number rather than by the value whose hash picks it: what a query across all shards composes. */
    public record ShardNumber(int shard) {
    }

    /** The 32-bit FNV-1a hash of the text's UTF-8 bytes. */
    public static int fnv1a(String text) {
        int hash = FNV_OFFSET;
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            hash ^= b & 0xff;
            hash *= FNV_PRIME;
        }
        return hash;
    }

    /** The shard of a value's key text among {@code count} shards. */
    public static int shardOf(String text, int count) {
        return Integer.remainderUnsigned(fnv1a(text), count);
    }

    /** The codec of a shard slot: the {@code of} attribute's own slot codec gives the text that is hashed. */
    public static SlotCodec<Object> codec(SlotCodec<Object> of, int count) {
        int width = Integer.toString(count - 1).length();
        return new SlotCodec<>() {
            @Override
            public String encode(Object value) {
                int shard = value instanceof ShardNumber number ? number.shard() : shardOf(of.encode(value), count);
                if (shard < 0 || shard >= count) {
                    throw new IllegalArgumentException("shard " + shard + " is not one of the " + count + " shards 0.." + (count - 1));
                }
                String digits = Integer.toString(shard);
                return "0".repeat(width - digits.length()) + digits;
            }

            @Override
            public Object decode(String text) {
                if (text.length() != width || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
                    throw new IllegalArgumentException("'" + text + "' is not a shard number of " + width + " digits");
                }
                return new ShardNumber(Integer.parseInt(text));
            }
        };
    }
}
