package dev.singletable.it.workbench;

import dev.singletable.annotations.Entity;
import dev.singletable.annotations.Index;
import dev.singletable.annotations.TableDesign;
import dev.singletable.annotations.TableDesign.KeyType;

/**
 * Two tables declared once with {@code @TableDesign}: matches found through a GSI with multi-attribute
 * keys (tournament and region; round and points, numbers), and devices in a table keyed by a number
 * with no sort key.
 */
final class TournamentModel {
    private TournamentModel() {
    }

    /** A match of a tournament, in the regional ranking by round and points. */
    @Entity(pk = "MATCH#{matchId}", sk = "MATCH")
    @Index(name = "ByTournament", pk = {"{tournament}", "{region}"}, sk = {"{round}", "{points}"})
    record Match(String matchId, String tournament, String region, int round, long points) {
    }

    /** A device, keyed by its number. */
    @Entity(pk = "{deviceId}")
    record Device(long deviceId, String name) {
    }

    @TableDesign(name = "Tournaments",
            indexes = @TableDesign.GlobalIndex(name = "ByTournament", partitionKey = {"tournament", "region"},
                    sortKey = {"round", "points"}, sortKeyType = {KeyType.N, KeyType.N}),
            entities = Match.class)
    static final class Tournaments {
        private Tournaments() {
        }
    }

    @TableDesign(name = "Devices", partitionKey = "deviceId", partitionKeyType = KeyType.N, noSortKey = true, entities = Device.class)
    static final class Devices {
        private Devices() {
        }
    }
}
