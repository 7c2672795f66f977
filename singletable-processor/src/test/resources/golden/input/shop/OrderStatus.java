package shop;

public enum OrderStatus { PENDING, SHIPPED, DELIVERED }
