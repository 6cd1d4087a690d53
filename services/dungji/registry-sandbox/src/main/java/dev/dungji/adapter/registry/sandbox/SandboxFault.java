package dev.dungji.adapter.registry.sandbox;

import java.util.Locale;

/**
 * The faults the sandbox can inject. Per request, write them into the nest's name as {@code
 * [sandbox:timeout-once,scanned]}; for every request with a probability, configure {@code
 * timeout:0.1,automation:0.05}.
 */
public enum SandboxFault {
  /** The bot does not start: AUTOMATION_FAILED. */
  INIT,
  /** The issuing flow fails: AUTOMATION_FAILED. */
  AUTOMATION,
  /** No answer before payment, on every attempt. */
  TIMEOUT,
  /** No answer before payment on the first attempt only: a retry succeeds. */
  TIMEOUT_ONCE,
  /** Unreachable on the first attempt only. */
  NETWORK_ONCE,
  /** The site's maintenance window on the first attempt only. */
  MAINTENANCE_ONCE,
  /** Rate limited on the first attempt only (retry after 1 s). */
  RATE_LIMIT_ONCE,
  /** The issuer says this key was paid already and cannot serve the document again. */
  DUPLICATE,
  /** Payment goes through, then the answer is lost: the document can be fetched again. */
  CHARGED_TIMEOUT,
  /** The automation returns an empty PDF: AUTOMATION_FAILED. */
  EMPTY,
  /** The adapter itself breaks with an unexpected exception: the engine's safety net, UNKNOWN. */
  BUG,
  /** Not a fault: the PDF is a scan (pages as images, no text layer), for the OCR path. */
  SCANNED,
  /** Not a fault: every glyph placed by itself, in no reading order (some programs' PDFs). */
  GLYPHS,
  /** Not a fault: glyphs drawn as shapes, no text layer ("print to PDF"), for the OCR path. */
  SHAPES;

  public static SandboxFault parse(String name) {
    try {
      return valueOf(name.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "unknown sandbox fault '"
              + name
              + "'; known: init, automation, timeout, timeout-once, network-once,"
              + " maintenance-once, rate-limit-once, duplicate, charged-timeout, empty, bug, scanned, glyphs, shapes");
    }
  }
}
