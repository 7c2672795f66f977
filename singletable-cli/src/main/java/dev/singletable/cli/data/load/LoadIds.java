package dev.singletable.cli.data.load;

import com.github.f4b6a3.ulid.Ulid;
import dev.singletable.schema.AttributeDefinition.AttributeKind;
import dev.singletable.schema.AttributeDefinition.IdGenerator;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.UUID;

/**
 * The ids a load fills in for rows that give none, deterministic per load and row: a resumed load
 * composes the same id for the same row (file, line, attribute) as the interrupted one did, so a row
 * the crash left uncertain is found again by its key instead of written twice under a new id.
 * Derived from the load's identity (random, made when the load starts, kept in the checkpoint) and
 * the load's instant:
 * <ul>
 * <li>a ULID's time part is the load's instant; of its 80 random bits, the high 40 come from a hash of
 *     identity, file and attribute and the low 40 are the line number, so ids sort in row order within a file;</li>
 * <li>a UUID (version 4 bits, IETF variant) takes its random bits from a hash of identity, file, line and attribute.</li>
 * </ul>
 * Another load (another identity) gets other ids for the same rows.
 */
record LoadIds(String identity, Instant instant) {
    private static final long LINE_BITS = (1L << 40) - 1;

    /** The id of {@code attribute} for the row at {@code file}:{@code line}, in the attribute's Java type (a UUID for uuid attributes). */
    Object generated(IdGenerator generator, AttributeKind kind, String file, long line, String attribute) {
        if (generator == IdGenerator.ULID) {
            byte[] random = new byte[10];
            System.arraycopy(sha256(identity + '\u0000' + file + '\u0000' + attribute), 0, random, 0, 5);
            long low = line & LINE_BITS;
            for (int i = 0; i < 5; i++) {
                random[9 - i] = (byte) (low >>> (8 * i));
            }
            return new Ulid(instant.toEpochMilli(), random).toString();
        }
        ByteBuffer bits = ByteBuffer.wrap(sha256(identity + '\u0000' + file + '\u0000' + line + '\u0000' + attribute));
        long most = (bits.getLong() & ~0xF000L) | 0x4000L; // version 4
        long least = (bits.getLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L; // IETF variant
        UUID uuid = new UUID(most, least);
        return kind == AttributeKind.UUID ? uuid : uuid.toString();
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
