package dev.app.pages.owner;

import java.util.UUID;

/**
 * The stream-token scope of an import's event stream, as 동치미's {@code ImportEventsController}
 * verifies it ({@code dongchimi.import:<mart>:<job>}): the page issues the token for the signed-in
 * owner, so the browser opens the API's own stream. The browser test fails if the two drift.
 */
final class ImportScope {
  private ImportScope() {}

  static String of(long martId, UUID jobId) {
    return "dongchimi.import:" + martId + ":" + jobId;
  }
}
