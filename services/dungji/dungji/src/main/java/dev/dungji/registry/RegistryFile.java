package dev.dungji.registry;

import java.util.UUID;

/**
 * An issued certificate's file record. {@code ocrText} and {@code ocrPages} are null until OCR ran.
 */
public record RegistryFile(
    long id,
    long nestId,
    UUID issuanceTaskId,
    UUID ocrTaskId,
    String storageKey,
    long sizeBytes,
    String sha256,
    String contentType,
    int pageCount,
    String ocrText,
    String ocrPages) {}
