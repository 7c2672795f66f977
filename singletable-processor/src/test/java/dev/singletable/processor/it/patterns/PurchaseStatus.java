package dev.singletable.processor.it.patterns;

public enum PurchaseStatus { PENDING, SHIPPED }
