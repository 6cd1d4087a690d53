package dev.dongchimi;

import java.util.Arrays;
import java.util.Optional;

/** The flyer page formats accepted, told by their first bytes (never by name or header). */
enum ImageType {
  JPEG("image/jpeg", "jpg"),
  PNG("image/png", "png"),
  WEBP("image/webp", "webp");

  final String contentType;
  final String extension;

  ImageType(String contentType, String extension) {
    this.contentType = contentType;
    this.extension = extension;
  }

  private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

  static Optional<ImageType> sniff(byte[] head) {
    if (head.length >= 3
        && (head[0] & 0xFF) == 0xFF
        && (head[1] & 0xFF) == 0xD8
        && (head[2] & 0xFF) == 0xFF) {
      return Optional.of(JPEG);
    }
    if (head.length >= 8 && Arrays.equals(Arrays.copyOf(head, 8), PNG_MAGIC)) {
      return Optional.of(PNG);
    }
    if (head.length >= 12
        && head[0] == 'R'
        && head[1] == 'I'
        && head[2] == 'F'
        && head[3] == 'F'
        && head[8] == 'W'
        && head[9] == 'E'
        && head[10] == 'B'
        && head[11] == 'P') {
      return Optional.of(WEBP);
    }
    return Optional.empty();
  }
}
