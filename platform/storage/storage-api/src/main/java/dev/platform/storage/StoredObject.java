package dev.platform.storage;

import java.time.Instant;

/** An object as {@link ObjectStorage#list} sees it. */
public record StoredObject(String key, long size, Instant lastModified) {}
