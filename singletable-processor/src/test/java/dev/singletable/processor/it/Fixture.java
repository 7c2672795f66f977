package dev.singletable.processor.it;

import dev.singletable.annotations.Attribute;
import dev.singletable.annotations.Entity;
import dev.singletable.annotations.Index;

/** Index shapes through annotations: a multi-attribute GSI key, own-attribute keys (one renamed), a binary own key. */
@Entity(pk = "FIXTURE#{fixtureId}", sk = "FIXTURE")
@Index(name = "ByTournament", pk = {"{tournament}", "{region}"}, sk = {"{round}", "{kickoff}"})
@Index(name = "ByVenue", pk = "{venue}", sk = "{kickoff}", when = "isScheduled")
@Index(name = "ByTicket", pk = "{ticket}")
public record Fixture(String fixtureId, String tournament, String region, int round, @Attribute(name = "KickOff") String kickoff,
                      @Attribute(name = "Venue") String venue, byte[] ticket) {
    boolean isScheduled() {
        return kickoff != null;
    }
}
