package dev.singletable.processor.it;

public enum Color { RED, GREEN }
