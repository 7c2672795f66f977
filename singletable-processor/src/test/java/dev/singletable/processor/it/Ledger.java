package dev.singletable.processor.it;

import dev.singletable.annotations.CreatedAt;
import dev.singletable.annotations.Entity;
import dev.singletable.annotations.UpdatedAt;
import dev.singletable.annotations.Version;

import java.time.Instant;

/** A versioned entity with timestamps maintained by the table. */
@Entity(pk = "LEDGER#{id}", sk = "LEDGER")
public record Ledger(String id, int balance, @Version Long version, @CreatedAt Instant createdAt, @UpdatedAt Instant updatedAt) {

    Ledger withBalance(int newBalance) {
        return new Ledger(id, newBalance, version, createdAt, updatedAt);
    }
}
