package dev.singletable.it.workbench;

import dev.singletable.annotations.Entity;
import dev.singletable.annotations.Index;
import dev.singletable.annotations.TableDesign;
import dev.singletable.annotations.TableDesign.KeyType;
import dev.singletable.annotations.TableDesign.ProjectionType;

/**
 * A game leaderboard declared once, with {@code @TableDesign}, using the index shapes beyond string
 * GSIs: an inverted index, a GSI on the scores' own attributes with a number sort key and an INCLUDE
 * projection, and an LSI on an own attribute. The processor generates {@code LeaderboardModelDesign.SCHEMA}.
 */
@TableDesign(name = "Leaderboard",
        indexes = {@TableDesign.GlobalIndex(name = "Inverted", partitionKey = "SK", sortKey = "PK"),
                @TableDesign.GlobalIndex(name = "ByScore", partitionKey = "game", sortKey = "points", sortKeyType = KeyType.N,
                        projection = ProjectionType.INCLUDE, include = {"playerId", "playedAt", "entityType"})},
        localIndexes = @TableDesign.LocalIndex(name = "ByPlayedAt", sortKey = "playedAt"),
        entities = {LeaderboardModel.Player.class, LeaderboardModel.Score.class})
final class LeaderboardModel {
    private LeaderboardModel() {
    }

    /** A player's profile, in the inverted index under its profile marker. */
    @Entity(pk = "PLAYER#{playerId}", sk = "PROFILE")
    @Index(name = "Inverted", pk = "PROFILE", sk = "PLAYER#{playerId}")
    record Player(String playerId, String name) {
    }

    /** A player's score in a game: by player (inverted), by points (GSI on own attributes) and by time (LSI). */
    @Entity(pk = "GAME#{game}", sk = "PLAYER#{playerId}")
    @Index(name = "Inverted", pk = "PLAYER#{playerId}", sk = "GAME#{game}")
    @Index(name = "ByScore", pk = "{game}", sk = "{points}")
    @Index(name = "ByPlayedAt", pk = "GAME#{game}", sk = "{playedAt}")
    record Score(String game, String playerId, long points, String playedAt) {
    }
}
