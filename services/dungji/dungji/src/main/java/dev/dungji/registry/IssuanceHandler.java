package dev.dungji.registry;

import static dev.dungji.registry.RegistryTasks.AUTOMATION_FAILED;
import static dev.dungji.registry.RegistryTasks.DUPLICATE_PAYMENT;
import static dev.dungji.registry.RegistryTasks.PAYMENT_UNCERTAIN;
import static dev.dungji.registry.RegistryTasks.SAVE_FAILED;
import static dev.dungji.registry.RegistryTasks.UPLOAD_FAILED;

import dev.dungji.issuer.IssueRequest;
import dev.dungji.issuer.IssuedDocument;
import dev.dungji.issuer.IssuerException;
import dev.dungji.issuer.IssuerFault;
import dev.dungji.issuer.Refetch;
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
 * <p>Payment safety: the idempotency key is the task id, the same on every attempt, and the
 * issuer's request id. The ledger records "about to pay for key K" (INTENT), committed before the
 * paying request leaves, and the answer after it (PAID, or NOT_CHARGED for a refusal before
 * payment). An attempt that finds INTENT or PAID — a rescue after a worker died mid-payment, or a
 * "possibly charged" answer — first asks the issuer for the outcome of its key ({@link
 * RegistryIssuer#refetch}): the charged document ends the task SUCCESS; "nothing charged" makes
 * paying safe; "cannot tell" (no inquiry, the window passed) reuses an earlier upload or ends
 * FAILED(PAYMENT_UNCERTAIN) with a reconciliation record. Never a second paying request while a
 * charge may exist.
 *
 * <p>A failed upload is retried (UPLOAD_FAILED, transient): the charge is in the ledger, so the
 * next attempt recovers the paid document as above and stores it; only the last attempt's failure
 * is final, with a reconciliation record.
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
  private final PaymentReconciliations reconciliations;

  public IssuanceHandler(
      NestRepository nests,
      RegistryFiles files,
      RegistryIssuer issuer,
      ObjectStorage storage,
      Payments payments,
      PaymentReconciliations reconciliations) {
    this.nests = nests;
    this.files = files;
    this.issuer = issuer;
    this.storage = storage;
    this.payments = payments;
    this.reconciliations = reconciliations;
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

    upload(ctx, nest, key, pdf);
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
    Optional<Payments.State> state = payments.state(taskId);
    if (state.isPresent() && state.get() != Payments.State.NOT_CHARGED) {
      // An earlier attempt paid, or was about to and never heard back: ask before anything else.
      Optional<IssuedDocument> recovered =
          recover(ctx, nest, key, state.get(), "an earlier attempt");
      if (recovered.isPresent()) {
        return recovered.get();
      }
    }
    payments.intend(taskId, nest.id()); // committed before the paying request leaves
    IssuedDocument document;
    try {
      document =
          issuer.issue(
              new IssueRequest(
                  key,
                  ctx.attempt(),
                  nest.address(),
                  nest.registryNumber(),
                  nest.dong(),
                  nest.ho(),
                  nest.name()));
    } catch (IssuerException e) {
      if (!e.fault().maybePaid()) {
        payments.notCharged(taskId);
        throw failure(e);
      }
      log.warn(
          "task {}: {} ({}); asking the issuer for the outcome", key, e.fault(), e.getMessage());
      Optional<IssuedDocument> recovered =
          recover(ctx, nest, key, Payments.State.INTENT, e.fault().name());
      if (recovered.isPresent()) {
        return recovered.get();
      }
      if (e.fault() == IssuerFault.DUPLICATE_PAYMENT) {
        // The issuer refused a second charge and has no charge of ours to show: nothing paid now.
        throw TaskFailure.fatal(DUPLICATE_PAYMENT, e.getMessage(), e);
      }
      // "Possibly charged", and the issuer now says nothing was: safe to try again.
      throw TaskFailure.retryable(RegistryTasks.ISSUER_TIMEOUT, e.getMessage(), e);
    }
    payments.paid(taskId, nest.id(), document.issuerReference());
    return document;
  }

  /**
   * A charge may exist under the key: the issuer's copy (its result inquiry), else the object an
   * earlier attempt uploaded before it died. Empty only when the issuer says it charged nothing
   * (the ledger then says so, and paying is safe). When nobody can tell, the task ends
   * PAYMENT_UNCERTAIN with a reconciliation record — never a second payment.
   */
  private Optional<IssuedDocument> recover(
      TaskContext ctx, Nest nest, String key, Payments.State state, String why) throws TaskFailure {
    UUID taskId = ctx.taskId();
    Refetch refetch;
    try {
      refetch = issuer.refetch(key);
    } catch (IssuerException e) {
      if (ctx.attempt() < ctx.maxAttempts()) {
        // Cannot ask now. Paying again could pay twice, so wait and ask again.
        throw TaskFailure.retryable(
            RegistryTasks.ISSUER_UNREACHABLE,
            why + ": the issuer could not be asked for the outcome: " + e.getMessage(),
            e);
      }
      refetch = Refetch.unknowable("the issuer could not be asked: " + e.getMessage());
    }
    switch (refetch) {
      case Refetch.Found found -> {
        log.info("task {}: {} — took the charged document from the issuer again", key, why);
        payments.paid(taskId, nest.id(), found.document().issuerReference());
        return Optional.of(found.document());
      }
      case Refetch.NotCharged notCharged -> {
        if (state == Payments.State.INTENT) {
          log.info("task {}: {} — the issuer charged nothing; paying is safe", key, why);
          payments.notCharged(taskId);
          return Optional.empty();
        }
        // Our ledger says PAID but the issuer knows nothing: keep what we have, else reconcile.
        return Optional.of(
            uploadedEarlier(taskId, nest.id(), key)
                .orElseThrow(
                    () ->
                        uncertain(
                            ctx,
                            nest,
                            "ledger PAID but the issuer reports no charge for key " + key)));
      }
      case Refetch.Unknowable unknowable -> {
        Optional<IssuedDocument> uploaded = uploadedEarlier(taskId, nest.id(), key);
        if (uploaded.isPresent()) {
          return uploaded;
        }
        throw uncertain(ctx, nest, why + ": " + unknowable.reason());
      }
    }
  }

  private Optional<IssuedDocument> uploadedEarlier(UUID taskId, long nestId, String key) {
    String storageKey = RegistryTasks.storageKey(nestId, taskId);
    if (storage.exists(storageKey)) {
      try (InputStream in = storage.get(storageKey)) {
        log.info("task {}: reusing the document an earlier attempt uploaded", key);
        return Optional.of(new IssuedDocument(in.readAllBytes(), "stored"));
      } catch (IOException | RuntimeException e) {
        log.warn("task {}: could not read the earlier upload: {}", key, e.toString());
      }
    }
    return Optional.empty();
  }

  /** A charge may exist that nobody can show: an operator settles it; the task ends here. */
  private TaskFailure uncertain(TaskContext ctx, Nest nest, String reason) {
    reconciliations.open(ctx.taskId(), nest.id(), nest.ownerId(), reason);
    log.warn("task {}: PAYMENT_UNCERTAIN, reconciliation opened: {}", ctx.taskId(), reason);
    return TaskFailure.fatal(
        PAYMENT_UNCERTAIN,
        "a charge may exist and its document cannot be obtained; not paying again: " + reason);
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
      case DUPLICATE_PAYMENT -> TaskFailure.fatal(DUPLICATE_PAYMENT, e.getMessage(), e);
      case POSSIBLY_CHARGED -> TaskFailure.fatal(PAYMENT_UNCERTAIN, e.getMessage(), e);
    };
  }

  private static TaskFailure withDelay(String code, IssuerException e) {
    TaskFailure failure = TaskFailure.retryable(code, e.getMessage(), e);
    return e.retryAfter().map(failure::retryAfter).orElse(failure);
  }

  /**
   * Stores the paid document. A store that fails is a transient fault: the charge is in the ledger
   * (PAID, committed on its own), so the next attempt does not pay again but takes the charged
   * document from the issuer's result inquiry ({@link #recover}) and stores it then. On the last
   * attempt the task ends UPLOAD_FAILED with a reconciliation record: the tenant paid, an operator
   * re-issues or refunds.
   */
  private void upload(TaskContext ctx, Nest nest, String key, byte[] pdf) throws TaskFailure {
    try {
      storage.put(key, new ByteArrayInputStream(pdf), pdf.length, CONTENT_TYPE);
    } catch (RuntimeException e) {
      deleteQuietly(key);
      String message = "upload of " + key + " failed: " + e.getMessage();
      if (ctx.attempt() < ctx.maxAttempts()) {
        log.warn(
            "task {}: {}; the next attempt takes the paid document again", ctx.taskId(), message);
        throw TaskFailure.retryable(UPLOAD_FAILED, message, e);
      }
      reconciliations.open(
          ctx.taskId(),
          nest.id(),
          nest.ownerId(),
          "paid, and the document could not be stored: " + message);
      throw TaskFailure.fatal(UPLOAD_FAILED, message + " (a reconciliation record is open)", e);
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
