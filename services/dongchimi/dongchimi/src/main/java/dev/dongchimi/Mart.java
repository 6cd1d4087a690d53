package dev.dongchimi;

/** A mart as the API shows it. */
public record Mart(
    long id,
    long ownerId,
    String name,
    String address,
    double lat,
    double lng,
    String phone,
    String openingHours,
    String closedDays) {}
