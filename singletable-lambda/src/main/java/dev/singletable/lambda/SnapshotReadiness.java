package dev.singletable.lambda;

import dev.singletable.Experimental;
import dev.singletable.Explanation;
import dev.singletable.NullArgumentException;
import dev.singletable.SingleTableException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What a function's singletable holds across an AWS Lambda SnapStart or CRaC snapshot, and the two hooks that make it
 * safe to restore many times: {@link #beforeCheckpoint()} primes the request rendering and closes the DynamoDB client
 * (its HTTP connections and their TLS sessions must not be shared by every restored copy), {@link #afterRestore()}
 * reseeds the random number generators you give it and opens a fresh client.
 *
 * <p>Your table holds {@link #client()}, which stays the same object across snapshots and sends each call through the
 * client open at the moment (opened on first use if none is):
 *
 * <pre>{@code
 * static final SecureRandom IDS = new SecureRandom();                 // your ids' generator, say
 * static final SnapshotReadiness READINESS = SnapshotReadiness.builder(() -> WireClient.builder()
 *                 .region(Region.of(System.getenv("AWS_REGION")))
 *                 .credentialsProvider(EnvironmentVariableCredentialsProvider.create())
 *                 .httpClientBuilder(UrlConnectionHttpClient.builder())
 *                 .build())
 *         .priming(Priming.of(SCHEMA).step(table -> ShopPatterns.of(table).ordersOfCustomer("C1")))
 *         .reseed(IDS)
 *         .build();
 * static final Table TABLE = Table.of(SCHEMA, READINESS.client());
 * static { CracSnapshotResource.register(READINESS); }                 // with org.crac on the class path
 * }</pre>
 *
 * <p><b>What singletable itself holds.</b> Across a snapshot the core keeps no connection, thread, random number
 * generator or clock reading of its own: cursors are signed with an HMAC of your key (no nonce), transaction tokens
 * are {@code UUID.randomUUID()} and retry pauses {@code ThreadLocalRandom}, the JDK's generators, which the JDK
 * reseeds on restore (the JDK's CRaC support and Lambda's SnapStart runtime do), and clocks are read at each write.
 * The wire client ({@code singletable-wire}) holds the HTTP client it built and its connections, which
 * {@link #beforeCheckpoint()} closes with the client, and a warm-up thread that ends by itself after its first
 * client's first moments. {@code @GeneratedId} ULIDs come from ulid-creator's monotonic factory, whose
 * {@code SecureRandom} is its own and cannot be reseeded from outside; it is the JDK's default algorithm (NativePRNG on
 * Linux, on JDK 17 and 25), which mixes fresh {@code /dev/urandom} bytes into every draw, so restored copies draw
 * different ids. What you hold (a {@code SecureRandom} of a seeded algorithm such as SHA1PRNG or DRBG behind your own
 * ids, seeded before the snapshot, would hand every restored copy the same ids) is yours to pass to
 * {@link Builder#reseed}.
 */
@Experimental
public final class SnapshotReadiness {
    private final Supplier<DynamoDbClient> clients;
    private final List<SecureRandom> randoms;
    private final Optional<Priming> priming;
    private final DynamoDbClient client;
    private Optional<DynamoDbClient> open = Optional.empty();
    private int opened;
    private volatile List<Explanation> primed = List.of();

    private SnapshotReadiness(Builder builder) {
        this.clients = builder.clients;
        this.randoms = List.copyOf(builder.randoms);
        this.priming = builder.priming;
        this.client = new ForwardingClient(this);
    }

    /**
     * A builder of the readiness of a function whose DynamoDB client {@code clients} opens: called once at first use
     * and once after each restore.
     */
    public static Builder builder(Supplier<DynamoDbClient> clients) {
        NullArgumentException.check("SnapshotReadiness.builder", "clients", clients);
        return new Builder(clients);
    }

    /**
     * The client to build your table with: the same object before and after a snapshot, sending each call through the
     * client open at the moment. Its {@code close()} closes that client; the next call opens another.
     */
    public DynamoDbClient client() {
        return client;
    }

    /**
     * Before the snapshot: renders the priming workload (nothing sent) and closes the open client, with its HTTP
     * connections. Safe to call when no client is open.
     */
    public void beforeCheckpoint() {
        primed = priming.isPresent() ? priming.get().render() : List.of();
        closeOpenClient();
    }

    /**
     * After a restore (and after a checkpoint that failed, when the function runs on): reseeds every generator given to
     * {@link Builder#reseed} with fresh bytes of the restored machine, and opens a fresh client.
     */
    public void afterRestore() {
        if (!randoms.isEmpty()) {
            SecureRandom fresh = new SecureRandom(); // made now, so seeded from the restored machine's entropy
            for (SecureRandom random : randoms) {
                // setSeed adds to a SecureRandom's seed, never replaces it: its output no longer follows the snapshot's
                random.setSeed(fresh.generateSeed(32));
            }
        }
        current();
    }

    /** How many clients have been opened so far: one at first use, one more after each restore. */
    public int clientsOpened() {
        synchronized (this) {
            return opened;
        }
    }

    /** The requests the last {@link #beforeCheckpoint()} rendered, in order; empty before the first. */
    public List<Explanation> primed() {
        return primed;
    }

    /** The client open at the moment, opened when none is: where {@link ForwardingClient} sends each operation. */
    synchronized DynamoDbClient current() {
        if (open.isEmpty()) {
            DynamoDbClient fresh = clients.get();
            if (fresh == null) {
                throw new SingleTableException("SnapshotReadiness: the client supplier returned null; give one that builds "
                        + "a DynamoDbClient, e.g. () -> WireClient.builder()...build()");
            }
            open = Optional.of(fresh);
            opened++;
        }
        return open.get();
    }

    void closeOpenClient() {
        Optional<DynamoDbClient> closing;
        synchronized (this) {
            closing = open;
            open = Optional.empty();
        }
        closing.ifPresent(DynamoDbClient::close);
    }

    /** Builds a {@link SnapshotReadiness}. */
    @Experimental
    public static final class Builder {
        private final Supplier<DynamoDbClient> clients;
        private final List<SecureRandom> randoms = new ArrayList<>();
        private Optional<Priming> priming = Optional.empty();

        private Builder(Supplier<DynamoDbClient> clients) {
            this.clients = clients;
        }

        /** The workload {@link SnapshotReadiness#beforeCheckpoint()} renders; none when not given. */
        public Builder priming(Priming priming) {
            NullArgumentException.check("SnapshotReadiness.Builder.priming", "priming", priming);
            this.priming = Optional.of(priming);
            return this;
        }

        /** Generators of yours (behind ids, tokens, nonces) that {@link SnapshotReadiness#afterRestore()} reseeds. */
        public Builder reseed(SecureRandom... randoms) {
            NullArgumentException.check("SnapshotReadiness.Builder.reseed", "randoms", randoms);
            for (SecureRandom random : randoms) {
                NullArgumentException.require(random, "SnapshotReadiness.Builder.reseed", "randoms", "give generators, no null");
                this.randoms.add(random);
            }
            return this;
        }

        /** The readiness. */
        public SnapshotReadiness build() {
            return new SnapshotReadiness(this);
        }
    }
}
