package dev.singletable.processor.it.readme;

public enum OrderStatus { PLACED, SHIPPED }
