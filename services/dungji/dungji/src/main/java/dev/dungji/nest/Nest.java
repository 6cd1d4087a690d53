package dev.dungji.nest;

import java.time.Instant;

/** A property a user is considering. */
public record Nest(
    long id,
    long ownerId,
    String name,
    String address,
    String registryNumber,
    String dong,
    String ho,
    Instant createdAt) {}
