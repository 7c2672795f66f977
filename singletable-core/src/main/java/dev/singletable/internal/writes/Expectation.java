package dev.singletable.internal.writes;

import dev.singletable.Condition;

import java.util.List;
import java.util.Optional;

/**
 * What a write's condition requires, part by part, so that a refusal can be explained.
 *
 * @param existence       whether the item must exist or must not
 * @param checksType      the condition requires the stored entity type to be this entity's
 * @param expectedVersion the version the write was based on, when it is checked
 * @param guarded         attributes whose stored values the condition pins (for index keys)
 * @param user            the caller's condition
 * @param ranges          numbers of bounded kinds the write adds to, which the condition keeps in range
 * @param elements        list elements the write changes, which the condition requires to exist
 * @param bounds          numbers with range rules the write adds to, which the condition keeps within the rules
 * @param live            the condition requires a stored item to be unexpired (its TTL not passed): a refusal by an
 *                        expired item is explained as the item being gone
 */
record Expectation(Existence existence, boolean checksType, Optional<Long> expectedVersion, List<String> guarded,
                          Condition user, List<RangeGuard> ranges, List<ElementGuard> elements, List<RuleBoundGuard> bounds,
                          boolean live) {

    Expectation(Existence existence, boolean checksType, Optional<Long> expectedVersion, List<String> guarded, Condition user,
                List<RangeGuard> ranges, List<ElementGuard> elements, List<RuleBoundGuard> bounds) {
        this(existence, checksType, expectedVersion, guarded, user, ranges, elements, bounds, false);
    }

    Expectation(Existence existence, boolean checksType, Optional<Long> expectedVersion, List<String> guarded, Condition user) {
        this(existence, checksType, expectedVersion, guarded, user, List.of(), List.of(), List.of());
    }

    /** This expectation, with the condition requiring a stored item to be unexpired. */
    Expectation requiringLive() {
        return new Expectation(existence, checksType, expectedVersion, guarded, user, ranges, elements, bounds, true);
    }

    public enum Existence { ANY, MUST_EXIST, MUST_NOT_EXIST }

    static Expectation of(Existence existence, Optional<Long> expectedVersion, Condition user) {
        return new Expectation(existence, false, expectedVersion, List.of(), user);
    }
}
