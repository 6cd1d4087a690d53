package dev.dungji.registry;

import static dev.dungji.registry.RegistryTasks.AUTOMATION_FAILED;
import static dev.dungji.registry.RegistryTasks.DUPLICATE_PAYMENT;
import static dev.dungji.registry.RegistryTasks.SAVE_FAILED;
import static dev.dungji.registry.RegistryTasks.UPLOAD_FAILED;

import dev.dungji.issuer.IssueRequest;
import dev.dungji.issuer.IssuedDocument;
import dev.dungji.issuer.IssuerException;
import dev.dungji.issuer.IssuerFault;
import dev.dungji.issuer.RegistryIssuer;
import dev.dungji.nest.Nest;
import dev.dungji.nest.NestRepository;
import dev.platform.storage.ObjectStorage;
import dev.taskrow.core.NewTask;
import dev.taskrow.core.TaskContext;
import dev.taskrow.core.TaskFailure;
import dev.taskrow.core.TaskHandler;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;
import java.util.UUID;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * The issuance worker (queue {@code issuance}): issue, upload, and in the task's own transaction
 * write the file record, chain the OCR task, and record SUCCESS — all or nothing.
 *
 * <p>Payment safety: the idempotency key is the task id, the same on every attempt. Every (maybe)
 * payment is written to a ledger in a transaction of its own. An attempt after the first takes the
 * already-paid document (the issuer's copy, or an earlier upload) and, if there is none but the
 * ledger has a payment, fails DUPLICATE_PAYMENT instead of paying again. A DUPLICATE_PAYMENT or
 * "possibly charged" answer is never issued again: the paid document is fetched again where the
 * issuer allows it, else the task fails final. Only faults before payment are retried.
 *
 * <p>No orphans: a failed upload deletes what was partly written (UPLOAD_FAILED); a failed save
 * deletes the uploaded object (SAVE_FAILED); a transaction that rolls back after the handler
 * returned (lost lease, failed commit) deletes it too. What a crash leaves, the sweep removes.
 */
public class IssuanceHandler implements TaskHandler {
  private static final Logger log = LoggerFactory.getLogger(IssuanceHandler.class);
  static final String CONTENT_TYPE = "application/pdf";

  private final NestRepository nests;
  private final RegistryFiles files;
  private final RegistryIssuer issuer;
  private final ObjectStorage storage;
  private final Payments payments;

  public IssuanceHandler(
      NestRepository nests,
      RegistryFiles files,
      RegistryIssuer issuer,
      ObjectStorage storage,
      Payments payments) {
    this.nests = nests;
    this.files = files;
    this.issuer = issuer;
    this.storage = storage;
    this.payments = payments;
  }

  @Override
  public void handle(TaskContext ctx) throws TaskFailure {
    long nestId = Payloads.read(ctx.payload(), "nest_id");
    Nest nest =
        nests
            .find(nestId)
            .orElseThrow(
                () -> TaskFailure.fatal(AUTOMATION_FAILED, "nest " + nestId + " no longer exists"));
    String idempotencyKey = ctx.taskId().toString();

    byte[] pdf = obtain(ctx, nest, idempotencyKey).pdf();
    if (pdf.length == 0) {
      throw TaskFailure.fatal(AUTOMATION_FAILED, "the issuer returned an empty PDF");
    }
    int pages = pageCount(pdf);
    String key = RegistryTasks.storageKey(nestId, ctx.taskId());

    upload(key, pdf);
    deleteOnRollback(key);
    try {
      UUID ocrTask =
          ctx.submit(
              NewTask.of(RegistryTasks.OCR_KIND)
                  .subject(RegistryTasks.ocrSubject(nestId, ctx.taskId()))
                  .payload(Payloads.of("nest_id", nestId))
                  .parent(ctx.taskId()));
      long fileId =
          files.insert(
              nestId, ctx.taskId(), ocrTask, key, pdf.length, sha256(pdf), CONTENT_TYPE, pages);
      ctx.result("{\"file_id\": " + fileId + ", \"ocr_task_id\": \"" + ocrTask + "\"}");
    } catch (RuntimeException e) {
      deleteQuietly(key);
      throw TaskFailure.fatal(SAVE_FAILED, "could not save the file record: " + e.getMessage(), e);
    }
  }

  private IssuedDocument obtain(TaskContext ctx, Nest nest, String key) throws TaskFailure {
    UUID taskId = ctx.taskId();
    try {
      if (ctx.attempt() > 1) {
        Optional<IssuedDocument> earlier = paidEarlier(taskId, nest.id(), key);
        if (earlier.isPresent()) {
          return earlier.get();
        }
      }
      IssuedDocument document =
          issuer.issue(
              new IssueRequest(
                  key,
                  ctx.attempt(),
                  nest.address(),
                  nest.registryNumber(),
                  nest.dong(),
                  nest.ho(),
                  nest.name()));
      payments.record(taskId, nest.id(), document.issuerReference(), true);
      return document;
    } catch (IssuerException e) {
      if (e.fault().maybePaid()) {
        payments.record(taskId, nest.id(), null, e.fault() == IssuerFault.DUPLICATE_PAYMENT);
        return refetchPaid(key, e);
      }
      throw failure(e);
    }
  }

  /**
   * What an earlier attempt of this task paid for, if anything: the issuer's copy where it serves
   * one, else the object an earlier attempt uploaded before it died. Paid for and gone, the task
   * ends DUPLICATE_PAYMENT rather than pay again.
   */
  private Optional<IssuedDocument> paidEarlier(UUID taskId, long nestId, String key)
      throws TaskFailure {
    Optional<IssuedDocument> paid = issuer.refetch(key);
    if (paid.isPresent()) {
      log.info("task {}: reusing the document an earlier attempt paid for", key);
      return paid;
    }
    String storageKey = RegistryTasks.storageKey(nestId, taskId);
    if (storage.exists(storageKey)) {
      try (InputStream in = storage.get(storageKey)) {
        log.info("task {}: reusing the document an earlier attempt uploaded", key);
        return Optional.of(new IssuedDocument(in.readAllBytes(), "stored"));
      } catch (IOException | RuntimeException e) {
        log.warn("task {}: could not read the earlier upload: {}", key, e.toString());
      }
    }
    if (payments.exists(taskId)) {
      throw TaskFailure.fatal(
          DUPLICATE_PAYMENT,
          "an earlier attempt paid and the issuer cannot serve the document again;"
              + " not paying twice");
    }
    return Optional.empty();
  }

  private IssuedDocument refetchPaid(String key, IssuerException cause) throws TaskFailure {
    Optional<IssuedDocument> paid;
    try {
      paid = issuer.refetch(key);
    } catch (IssuerException e) {
      // Cannot ask now; issuing again could pay twice, so this ends here.
      throw TaskFailure.fatal(
          DUPLICATE_PAYMENT, cause.getMessage() + "; refetch failed: " + e.getMessage(), e);
    }
    if (paid.isPresent()) {
      log.warn("task {}: {} — fetched the paid document again", key, cause.fault());
      return paid.get();
    }
    throw TaskFailure.fatal(DUPLICATE_PAYMENT, cause.getMessage(), cause);
  }

  static TaskFailure failure(IssuerException e) {
    return switch (e.fault()) {
      case INITIALISATION_FAILED, AUTOMATION_FAILED ->
          TaskFailure.fatal(AUTOMATION_FAILED, e.getMessage(), e);
      case TIMEOUT_BEFORE_PAYMENT ->
          TaskFailure.retryable(RegistryTasks.ISSUER_TIMEOUT, e.getMessage(), e);
      case NETWORK -> TaskFailure.retryable(RegistryTasks.ISSUER_UNREACHABLE, e.getMessage(), e);
      case MAINTENANCE -> withDelay(RegistryTasks.ISSUER_MAINTENANCE, e);
      case RATE_LIMITED -> withDelay(RegistryTasks.ISSUER_RATE_LIMITED, e);
      case DUPLICATE_PAYMENT, POSSIBLY_CHARGED ->
          TaskFailure.fatal(DUPLICATE_PAYMENT, e.getMessage(), e);
    };
  }

  private static TaskFailure withDelay(String code, IssuerException e) {
    TaskFailure failure = TaskFailure.retryable(code, e.getMessage(), e);
    return e.retryAfter().map(failure::retryAfter).orElse(failure);
  }

  private void upload(String key, byte[] pdf) throws TaskFailure {
    try {
      storage.put(key, new ByteArrayInputStream(pdf), pdf.length, CONTENT_TYPE);
    } catch (RuntimeException e) {
      deleteQuietly(key);
      // Final: the document is paid for, and a retry could pay again where the issuer cannot
      // serve it a second time.
      throw TaskFailure.fatal(UPLOAD_FAILED, "upload of " + key + " failed: " + e.getMessage(), e);
    }
  }

  private void deleteOnRollback(String key) {
    if (TransactionSynchronizationManager.isSynchronizationActive()) {
      TransactionSynchronizationManager.registerSynchronization(
          new TransactionSynchronization() {
            @Override
            public void afterCompletion(int status) {
              if (status != STATUS_COMMITTED) {
                deleteQuietly(key);
              }
            }
          });
    }
  }

  private void deleteQuietly(String key) {
    try {
      storage.delete(key);
    } catch (RuntimeException e) {
      log.warn("could not delete {}; the orphan sweep will: {}", key, e.toString());
    }
  }

  private static int pageCount(byte[] pdf) throws TaskFailure {
    try (PDDocument document = Loader.loadPDF(pdf)) {
      int pages = document.getNumberOfPages();
      if (pages == 0) {
        throw TaskFailure.fatal(AUTOMATION_FAILED, "the issued PDF has no pages");
      }
      return pages;
    } catch (IOException e) {
      throw TaskFailure.fatal(AUTOMATION_FAILED, "the issuer returned no valid PDF", e);
    }
  }

  static String sha256(byte[] data) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
