package catalog;

public enum Stage { DRAFT, REVIEW, LIVE }
