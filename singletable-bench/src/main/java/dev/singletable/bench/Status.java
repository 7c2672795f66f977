package dev.singletable.bench;

/** The enum attribute of the benchmark entity. */
public enum Status { DRAFT, ACTIVE, RETIRED }
