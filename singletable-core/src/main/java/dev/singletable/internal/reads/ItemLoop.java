package dev.singletable.internal.reads;

/**
 * What the two page loops ({@link PageLoop} of one request after another, {@link MergeLoop} of queries across
 * partitions) tell their drivers: items are ready to take, pages must be fetched first, or the read is done. A driver
 * takes items while the loop is {@code READY} and fetches, on its own client, when it {@code NEEDS_PAGES}.
 *
 * @param <T> what each item decodes to
 */
interface ItemLoop<T> {
    enum State { READY, NEEDS_PAGES, DONE }

    /** What comes next. */
    State state();

    /** The next item; only when {@link #state()} said {@code READY}. */
    T take();
}
