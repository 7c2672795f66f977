package dev.singletable.internal.table;

import dev.singletable.InvalidCursorException;
import dev.singletable.InvalidCursorException.Reason;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Turns a resume point (DynamoDB's start key, or a PartiQL NextToken) into a signed, URL-safe cursor
 * bound to one query, and back. Layout before base64url: version (1 byte), kind (1), the query's
 * fingerprint (16), the body, then HMAC-SHA256 of all that (32). Checked in that order of cost:
 * shape, signature, query, body; nothing is sent to DynamoDB for a refused cursor.
 */
public final class CursorCodec {
    /** Public and documented: fine for local use, but anyone can forge cursors signed with it. */
    public static final String DEFAULT_KEY = "singletable default cursor key: set your own with Table.Builder.cursorKey";
    private static final byte VERSION = 1;
    private static final byte KIND_KEY = 'K';
    private static final byte KIND_TOKEN = 'T';
    private static final int FINGERPRINT_BYTES = 16;
    private static final int MAC_BYTES = 32;
    private static final int HEADER_BYTES = 2 + FINGERPRINT_BYTES;

    private final SecretKeySpec key;
    private final boolean publishedKey;

    public CursorCodec(byte[] key) {
        this(key, false);
    }

    private CursorCodec(byte[] key, boolean publishedKey) {
        this.key = new SecretKeySpec(key.clone(), "HmacSHA256");
        this.publishedKey = publishedKey;
    }

    public static CursorCodec withDefaultKey() {
        return new CursorCodec(DEFAULT_KEY.getBytes(StandardCharsets.UTF_8), true);
    }

    /** True when cursors are signed with {@link #DEFAULT_KEY}, which anyone can read in the documentation. */
    public boolean publishedKey() {
        return publishedKey;
    }

    /** A 16-byte fingerprint of a query's identity: the text of everything that decides which items it reads. */
    public static byte[] fingerprint(String queryIdentity) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(queryIdentity.getBytes(StandardCharsets.UTF_8));
            return Arrays.copyOf(digest, FINGERPRINT_BYTES);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }

    public String encodeKey(byte[] fingerprint, Map<String, AttributeValue> startKey) {
        return seal(KIND_KEY, fingerprint, out -> {
            out.writeShort(startKey.size());
            // by name: a response's key map has no order of its own (engines write it in any), and the same position
            // must give the same cursor
            for (Map.Entry<String, AttributeValue> entry : new java.util.TreeMap<>(startKey).entrySet()) {
                out.writeUTF(entry.getKey());
                AttributeValue value = entry.getValue();
                if (value.s() != null) {
                    out.writeByte('S');
                    writeText(out, value.s());
                } else if (value.n() != null) {
                    out.writeByte('N');
                    writeText(out, value.n());
                } else if (value.b() != null) {
                    out.writeByte('B');
                    byte[] bytes = value.b().asByteArrayUnsafe();
                    out.writeInt(bytes.length);
                    out.write(bytes);
                } else {
                    throw new IllegalStateException("key attribute " + entry.getKey() + " is not S, N or B: " + value);
                }
            }
        });
    }

    public String encodeToken(byte[] fingerprint, String token) {
        return seal(KIND_TOKEN, fingerprint, out -> writeText(out, token));
    }

    /** The start key in a cursor made by {@link #encodeKey} for the query with this fingerprint. */
    public Map<String, AttributeValue> decodeKey(String cursor, byte[] fingerprint, String what) {
        DataInputStream in = open(cursor, KIND_KEY, fingerprint, what);
        try {
            int count = in.readUnsignedShort();
            Map<String, AttributeValue> startKey = new LinkedHashMap<>(count * 2);
            for (int i = 0; i < count; i++) {
                String name = in.readUTF();
                int type = in.readUnsignedByte();
                AttributeValue value = switch (type) {
                    case 'S' -> AttributeValue.fromS(readText(in));
                    case 'N' -> AttributeValue.fromN(readText(in));
                    case 'B' -> {
                        byte[] bytes = new byte[in.readInt()];
                        in.readFully(bytes);
                        yield AttributeValue.fromB(SdkBytes.fromByteArray(bytes));
                    }
                    default -> throw new IOException("unknown value type " + type);
                };
                startKey.put(name, value);
            }
            requireEnd(in, what);
            return startKey;
        } catch (IOException | RuntimeException e) {
            throw malformed(what, "its body does not parse (" + e.getMessage() + ")", e);
        }
    }

    /** The token in a cursor made by {@link #encodeToken} for the statement with this fingerprint. */
    public String decodeToken(String cursor, byte[] fingerprint, String what) {
        DataInputStream in = open(cursor, KIND_TOKEN, fingerprint, what);
        try {
            String token = readText(in);
            requireEnd(in, what);
            return token;
        } catch (IOException | RuntimeException e) {
            throw malformed(what, "its body does not parse (" + e.getMessage() + ")", e);
        }
    }

    private interface Body {
        void write(DataOutputStream out) throws IOException;
    }

    private String seal(byte kind, byte[] fingerprint, Body body) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(128);
            DataOutputStream out = new DataOutputStream(bytes);
            out.writeByte(VERSION);
            out.writeByte(kind);
            out.write(fingerprint, 0, FINGERPRINT_BYTES);
            body.write(out);
            out.write(mac(bytes.toByteArray(), bytes.size()));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes.toByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private DataInputStream open(String cursor, byte kind, byte[] fingerprint, String what) {
        if (cursor == null || cursor.isEmpty()) {
            throw malformed(what, "it is empty", null);
        }
        byte[] bytes;
        try {
            bytes = Base64.getUrlDecoder().decode(cursor);
        } catch (IllegalArgumentException e) {
            throw malformed(what, "it is not base64url text (" + e.getMessage() + ")", e);
        }
        if (bytes.length < HEADER_BYTES + MAC_BYTES) {
            throw malformed(what, "it is " + bytes.length + " bytes, shorter than any cursor", null);
        }
        int bodyEnd = bytes.length - MAC_BYTES;
        byte[] expected = mac(bytes, bodyEnd);
        if (!MessageDigest.isEqual(expected, Arrays.copyOfRange(bytes, bodyEnd, bytes.length))) {
            throw new InvalidCursorException("Cursor for " + what + " was refused: its signature does not match, so it was altered "
                    + "or signed with another cursor key; pass the cursor exactly as a Page gave it, with the same Table cursorKey",
                    Reason.TAMPERED);
        }
        if (bytes[0] != VERSION || bytes[1] != kind) {
            throw malformed(what, "it is of cursor version " + bytes[0] + " kind " + (char) bytes[1]
                    + ", not version " + VERSION + " kind " + (char) kind, null);
        }
        if (!MessageDigest.isEqual(fingerprint, Arrays.copyOfRange(bytes, 2, HEADER_BYTES))) {
            throw new InvalidCursorException("Cursor for " + what + " was refused: it was made by another query (another table, "
                    + "index, key condition, filter, order or segment); a cursor only continues the query that returned it",
                    Reason.OTHER_QUERY);
        }
        return new DataInputStream(new ByteArrayInputStream(bytes, HEADER_BYTES, bodyEnd - HEADER_BYTES));
    }

    private byte[] mac(byte[] bytes, int length) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            mac.update(bytes, 0, length);
            return mac.doFinal();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }

    private static void writeText(DataOutputStream out, String text) throws IOException {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        out.writeInt(utf8.length);
        out.write(utf8);
    }

    private static String readText(DataInputStream in) throws IOException {
        int length = in.readInt();
        if (length < 0 || length > in.available()) {
            throw new IOException("text length " + length + " beyond the cursor");
        }
        byte[] utf8 = new byte[length];
        in.readFully(utf8);
        return new String(utf8, StandardCharsets.UTF_8);
    }

    private static void requireEnd(DataInputStream in, String what) throws IOException {
        if (in.available() != 0) {
            throw new IOException(in.available() + " trailing bytes");
        }
    }

    private static InvalidCursorException malformed(String what, String why, Throwable cause) {
        return new InvalidCursorException("Cursor for " + what + " was refused: " + why
                + "; pass the cursor exactly as a Page gave it", Reason.MALFORMED, cause);
    }
}
