package dev.dungji.registry;

/** Kind, queue and subject names of the registry tasks, and their error codes. */
public final class RegistryTasks {
  public static final String ISSUE_KIND = "registry.issue";
  public static final String ISSUE_QUEUE = "issuance";
  public static final String OCR_KIND = "registry.ocr";
  public static final String OCR_QUEUE = "ocr";
  public static final String ANALYSIS_KIND = "registry.analysis";
  public static final String ANALYSIS_QUEUE = "analysis";

  /**
   * The orphan sweep, a recurring kind. Its queue is the issuance's: it cleans up after issuance's
   * uploads, and runs wherever issuance runs without a queue of its own to configure.
   */
  public static final String SWEEP_KIND = "dungji.orphan-sweep";

  public static final String QUOTA_PRUNE_KIND = "dungji.quota-prune";

  /** The watch scan, a recurring kind: re-issues the certificates of due watches. */
  public static final String WATCH_SCAN_KIND = "dungji.watch-scan";

  public static final String AUTOMATION_FAILED = "AUTOMATION_FAILED";

  /** The issuer refused a second charge for the key and has no charge of ours to show. */
  public static final String DUPLICATE_PAYMENT = "DUPLICATE_PAYMENT";

  /** A charge may exist and its document cannot be obtained: a reconciliation record is open. */
  public static final String PAYMENT_UNCERTAIN = "PAYMENT_UNCERTAIN";

  public static final String UPLOAD_FAILED = "UPLOAD_FAILED";
  public static final String SAVE_FAILED = "SAVE_FAILED";
  // Transient issuer faults: retried on the same row; final only when attempts run out.
  public static final String ISSUER_TIMEOUT = "ISSUER_TIMEOUT";
  public static final String ISSUER_UNREACHABLE = "ISSUER_UNREACHABLE";
  public static final String ISSUER_MAINTENANCE = "ISSUER_MAINTENANCE";
  public static final String ISSUER_RATE_LIMITED = "ISSUER_RATE_LIMITED";

  public static final String FILE_NOT_FOUND = "FILE_NOT_FOUND";
  public static final String OCR_FAILED = "OCR_FAILED";
  public static final String OCR_ENGINE_UNAVAILABLE = "OCR_ENGINE_UNAVAILABLE";
  public static final String STORAGE_UNAVAILABLE = "STORAGE_UNAVAILABLE";

  /** The text is not a registry certificate (no 갑구, no heading). */
  public static final String PARSE_FAILED = "PARSE_FAILED";

  /** The OCR task left no text to parse. */
  public static final String TEXT_MISSING = "TEXT_MISSING";

  /** Issuance tasks of a nest share this subject: one active issuance per nest. */
  public static String nestSubject(long nestId) {
    return "nest:" + nestId;
  }

  /** An OCR task's subject: its nest and the issuance it follows. */
  public static String ocrSubject(long nestId, java.util.UUID issuanceTaskId) {
    return "nest:" + nestId + ":issue:" + issuanceTaskId;
  }

  /** An analysis task's subject: its nest and the OCR task it follows. */
  public static String analysisSubject(long nestId, java.util.UUID ocrTaskId) {
    return "nest:" + nestId + ":ocr:" + ocrTaskId;
  }

  public static boolean belongsToNest(String subject, long nestId) {
    return subject != null
        && (subject.equals(nestSubject(nestId)) || subject.startsWith(nestSubject(nestId) + ":"));
  }

  public static String storageKey(long nestId, java.util.UUID issuanceTaskId) {
    return "dungji/registry/nest-" + nestId + "/" + issuanceTaskId + ".pdf";
  }

  public static final String STORAGE_PREFIX = "dungji/registry/";

  private RegistryTasks() {}
}
