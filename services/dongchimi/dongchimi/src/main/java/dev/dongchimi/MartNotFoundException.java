package dev.dongchimi;

import org.springframework.http.HttpStatus;

/**
 * 404 {@code NOT_FOUND} for a mart that does not exist. A type of its own, so that a caller which
 * must tell it from the catalog's other refusals (the import, which fails MART_NOT_FOUND rather
 * than INVALID_FILE) checks the type instead of matching the code's text.
 */
public class MartNotFoundException extends Problem {

  MartNotFoundException(long martId) {
    super(HttpStatus.NOT_FOUND, "NOT_FOUND", "mart " + martId + " not found");
  }
}
