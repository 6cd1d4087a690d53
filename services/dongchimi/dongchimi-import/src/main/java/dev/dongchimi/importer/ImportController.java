package dev.dongchimi.importer;

import com.fasterxml.jackson.annotation.JsonRawValue;
import dev.dongchimi.Problem;
import dev.platform.accounts.CurrentUser;
import dev.platform.web.ProblemResponse;
import dev.taskrow.core.Task;
import dev.taskrow.core.TaskStatus;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.security.SecurityRequirements;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;

/** Excel bulk import of a mart's products: upload, poll, list, template. */
@RestController
@Tag(name = "dongchimi import", description = "동치미: Excel bulk product import")
class ImportController {
  private final ImportService imports;

  ImportController(ImportService imports) {
    this.imports = imports;
  }

  record Accepted(UUID jobId, TaskStatus status) {}

  record Progress(String phase, Long done, Long total) {}

  record ImportView(
      UUID jobId,
      String fileName,
      TaskStatus status,
      String errorCode,
      String errorMessage,
      String lastErrorCode,
      Instant nextRetryAt,
      int attemptCount,
      Progress progress,
      @JsonRawValue String summary,
      @JsonRawValue String rowErrors,
      Instant createdAt,
      Instant finishedAt) {}

  @PostMapping(
      path = "/marts/{martId}/product-imports",
      consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
  @Operation(
      summary =
          "Upload an .xlsx, .xls or .csv of products (the mart's owner; the format is told from"
              + " the content): stored, then parsed, analysed and applied in the background; 202"
              + " with the job id. Optional sale_start and sale_end (yyyy-mm-dd): the sale period"
              + " of rows with a sale price and no dates (else the sheet's title, else the mart's"
              + " default); the summary's sale_period shows what was assumed")
  @ProblemResponse(status = 404, codes = "NOT_FOUND")
  @ProblemResponse(status = 403, codes = "NOT_OWNER")
  @ProblemResponse(
      status = 400,
      codes = {WorkbookFormat.NOT_A_WORKBOOK, "ENCRYPTED_FILE"})
  @ProblemResponse(status = 400, codes = "INVALID_SALE_PERIOD")
  @ProblemResponse(status = 409, codes = "IMPORT_IN_PROGRESS")
  ResponseEntity<Accepted> upload(
      CurrentUser user,
      @PathVariable long martId,
      @RequestParam("file") MultipartFile file,
      @RequestParam(name = "sale_start", required = false) String saleStart,
      @RequestParam(name = "sale_end", required = false) String saleEnd) {
    // Owner and size first: nobody else's upload is read into memory.
    imports.checkUpload(user.id(), martId, file.getSize());
    SalePeriod period = ImportService.uploadedPeriod(saleStart, saleEnd);
    byte[] bytes;
    try {
      bytes = file.getBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    ImportService.Import created =
        imports.upload(user.id(), martId, file.getOriginalFilename(), bytes, period);
    return ResponseEntity.status(HttpStatus.ACCEPTED)
        .location(URI.create("/marts/" + martId + "/product-imports/" + created.task().id()))
        .body(new Accepted(created.task().id(), created.task().status()));
  }

  @GetMapping("/marts/{martId}/product-imports/{jobId}")
  @Operation(summary = "An import: status, progress, summary, row errors (the mart's owner)")
  @ProblemResponse(status = 404, codes = "NOT_FOUND")
  @ProblemResponse(status = 403, codes = "NOT_OWNER")
  ImportView find(CurrentUser user, @PathVariable long martId, @PathVariable UUID jobId) {
    return view(imports.find(user.id(), martId, jobId));
  }

  @GetMapping("/marts/{martId}/product-imports")
  @Operation(summary = "The mart's imports, newest first (the mart's owner)")
  @ProblemResponse(status = 404, codes = "NOT_FOUND")
  @ProblemResponse(status = 403, codes = "NOT_OWNER")
  @ProblemResponse(status = 400, codes = "INVALID_SIZE")
  List<ImportView> list(
      CurrentUser user, @PathVariable long martId, @RequestParam(defaultValue = "20") int size) {
    if (size < 1 || size > 100) {
      throw Problem.invalid("INVALID_SIZE", "size must be within 1..100");
    }
    return imports.list(user.id(), martId, size).stream().map(ImportController::view).toList();
  }

  @GetMapping("/product-imports/template.xlsx")
  @SecurityRequirements
  @Operation(summary = "The sheet template: headers, an example row, data validation (public)")
  ResponseEntity<byte[]> template() {
    return ResponseEntity.ok()
        .contentType(
            MediaType.parseMediaType(
                "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"))
        .header(HttpHeaders.CONTENT_DISPOSITION, "attachment; filename=\"dongchimi-products.xlsx\"")
        .body(TemplateWorkbook.bytes());
  }

  static ImportView view(ImportService.Import i) {
    Task t = i.task();
    return new ImportView(
        t.id(),
        i.record().fileName(),
        t.status(),
        t.errorCode(),
        ImportService.ownerMessage(t),
        t.lastErrorCode(),
        t.isWaitingForRetry() ? t.nextRetryAt() : null,
        t.attemptCount(),
        new Progress(i.record().phase(), t.progressDone(), t.progressTotal()),
        i.record().summary(),
        i.record().rowErrors() == null ? "[]" : i.record().rowErrors(),
        t.createdAt(),
        t.finishedAt());
  }
}
