package dev.singletable.processor.it;

import dev.singletable.annotations.Entity;
import dev.singletable.annotations.Ignore;
import dev.singletable.annotations.Index;

/** Properties ignored both ways (an object and a primitive), only when writing, and only when reading. */
@Entity(pk = "BADGE#{badgeId}", sk = "BADGE")
@Index(name = "GSI1", pk = "HOLDER#{holder}", sk = "BADGE#{badgeId}")
public record Badge(String badgeId, String holder, @Ignore String sessionToken, @Ignore int cachedScore,
                    @Ignore(Ignore.Direction.WRITE) String legacyCode, @Ignore(Ignore.Direction.READ) String auditNote) {
}
