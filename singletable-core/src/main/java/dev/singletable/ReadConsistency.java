package dev.singletable;

/** Whether a read must see every write acknowledged before it ({@link #STRONG}, twice the read cost) or not. */
@Stable
public enum ReadConsistency {
    EVENTUAL,
    STRONG
}
