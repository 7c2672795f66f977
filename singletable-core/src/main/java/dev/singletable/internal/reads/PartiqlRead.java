package dev.singletable.internal.reads;

import dev.singletable.ValidationException;
import dev.singletable.internal.partiql.PartiqlText;
import dev.singletable.internal.table.CursorCodec;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A PartiQL statement as a read that resumes from DynamoDB's token, run by the same page loop as
 * queries and scans (on either client) and decoded by the same entity lookup. Immutable: each
 * setting gives a new read.
 */
final class PartiqlRead<T> implements PagedRead<T, String> {
    /** The statement and its settings. */
    private record Statement(String text, List<AttributeValue> parameters, boolean consistent, int pageSize,
                             boolean includeExpired) {
    }

    private final ReadSubject<T> subject;
    private final Statement statement;
    private final ItemDecoder<T> decoder;

    private PartiqlRead(ReadSubject<T> subject, Statement statement) {
        this.subject = subject;
        this.statement = statement;
        this.decoder = ItemDecoder.entities(subject, what(subject), "WHERE clause");
    }

    static <T> PartiqlRead<T> of(ReadSubject<T> subject, String statement) {
        if (statement == null || statement.isBlank()) {
            throw new ValidationException(what(subject) + " is empty; give a SELECT statement");
        }
        // the kind and table are read with the comments left out, as DynamoDB reads them: "-- note\nSELECT ..." is a SELECT
        java.util.regex.Matcher select = SELECT.matcher(PartiqlText.withoutComments(statement, what(subject)));
        if (!select.lookingAt()) {
            throw new ValidationException(what(subject) + " is not a SELECT: '" + statement.strip() + "'; partiql(...) only reads "
                    + "(ExecuteStatement would run an INSERT, UPDATE or DELETE as given, past every check singletable keeps): write with "
                    + "put, update, delete or a transaction");
        }
        String table = subject.table().schema().name();
        String named = select.group(1) != null ? select.group(1).replace("\"\"", "\"") : select.group(2);
        if (!named.equals(table) && !(select.group(2) != null && named.startsWith(table + "."))) {
            throw new ValidationException(what(subject) + " reads table '" + named + "', but this Table is '" + table
                    + "': write FROM \"" + table + "\" (a statement on another table needs that table's Table)");
        }
        return new PartiqlRead<>(subject, new Statement(statement, List.of(), false, 0, false));
    }

    /** {@code SELECT ... FROM "table"} or {@code FROM table}, the name in group 1 (quoted, {@code ""} escaping a quote) or 2. */
    private static final java.util.regex.Pattern SELECT = java.util.regex.Pattern.compile(
            "\\s*SELECT\\s.*?\\bFROM\\s+(?:\"((?:[^\"]|\"\")*)\"|([A-Za-z0-9_.-]+))(?:\\.|\\s|$)",
            java.util.regex.Pattern.CASE_INSENSITIVE | java.util.regex.Pattern.DOTALL);

    /** The number of {@code ?}s outside quoted names and literals. */
    private int placeholders() {
        return (int) PartiqlText.tokens(statement.text(), what(subject)).stream().filter(t -> t.kind() == PartiqlText.Kind.PARAMETER).count();
    }

    private static String what(ReadSubject<?> subject) {
        return "PartiQL statement for " + subject.description();
    }

    private PartiqlRead<T> with(Statement next) {
        return new PartiqlRead<>(subject, next);
    }

    PartiqlRead<T> parameters(Object... values) {
        List<AttributeValue> encoded = new ArrayList<>(values.length);
        for (int i = 0; i < values.length; i++) {
            encoded.add(PartiqlText.plain(values[i], i, what(subject)));
        }
        return withParameters(encoded);
    }

    <V> PartiqlRead<T> parameter(dev.singletable.Attribute<?, V> attribute, V value) {
        List<AttributeValue> next = new ArrayList<>(statement.parameters());
        next.add(PartiqlText.attributeValue(attribute, value, what(subject) + ", parameter " + (next.size() + 1)));
        return withParameters(next);
    }

    PartiqlRead<T> key(dev.singletable.EntitySchema<?> entity, dev.singletable.KeyValues key) {
        List<AttributeValue> next = new ArrayList<>(statement.parameters());
        next.addAll(PartiqlText.keyValues(subject.table(), entity, key));
        return withParameters(next);
    }

    private PartiqlRead<T> withParameters(List<AttributeValue> parameters) {
        Statement s = statement;
        return with(new Statement(s.text(), List.copyOf(parameters), s.consistent(), s.pageSize(), s.includeExpired()));
    }

    PartiqlRead<T> consistentRead() {
        Statement s = statement;
        return with(new Statement(s.text(), s.parameters(), true, s.pageSize(), s.includeExpired()));
    }

    PartiqlRead<T> pageSize(int itemsPerRequest) {
        if (itemsPerRequest < 1) {
            throw new ValidationException(what(subject) + ": page size must be at least 1, got " + itemsPerRequest);
        }
        Statement s = statement;
        return with(new Statement(s.text(), s.parameters(), s.consistent(), itemsPerRequest, s.includeExpired()));
    }

    PartiqlRead<T> includeExpired() {
        Statement s = statement;
        return with(new Statement(s.text(), s.parameters(), s.consistent(), s.pageSize(), true));
    }

    ExecuteStatementRequest toRequest() {
        return request(Optional.empty());
    }

    private ExecuteStatementRequest request(Optional<String> nextToken) {
        PartiqlText.checkParameterCount(what(subject) + " '" + statement.text().strip() + "'", placeholders(), statement.parameters().size());
        return ExecuteStatementRequest.builder()
                .statement(statement.text())
                .returnConsumedCapacity(subject.table().runner().consumedCapacity())
                .parameters(statement.parameters().isEmpty() ? null : statement.parameters())
                .consistentRead(statement.consistent() ? Boolean.TRUE : null)
                .limit(statement.pageSize() > 0 ? statement.pageSize() : null)
                .nextToken(nextToken.orElse(null))
                .build();
    }

    // ---------------------------------------------------------------- paging: one response a page, no limit

    @Override
    public int limit() {
        return 0;
    }

    @Override
    public int requestLimit(int returned, int growth) {
        return statement.pageSize();
    }

    @Override
    public PageRequest<?, ?, String> request(int limit, Optional<String> from) {
        return new PageRequest<>(ReadOperation.STATEMENT, request(from), subject.table().runner(), Optional.empty(),
                subject.description(), () -> Map.of("statement", statement.text()), Optional.empty());
    }

    @Override
    public ItemReading<T> items() {
        return new ItemReading<>(subject.table(), statement.includeExpired(), decoder, subject);
    }

    @Override
    public String positionAfter(Map<String, AttributeValue> item) {
        throw new IllegalStateException("a PartiQL read has no limit, so no page is cut short after an item");
    }

    private byte[] fingerprint() {
        return CursorCodec.fingerprint("ExecuteStatement\n" + statement.text() + "\n" + statement.parameters() + "\n"
                + statement.consistent() + (statement.includeExpired() ? "\nincluding expired" : ""));
    }

    @Override
    public String cursorFor(String token) {
        return subject.table().cursors().encodeToken(fingerprint(), token);
    }

    @Override
    public String positionOf(String cursor) {
        return subject.table().cursors().decodeToken(cursor, fingerprint(), what(subject));
    }
}
