package dev.app.pages.owner;

import dev.dongchimi.Catalog;
import dev.dongchimi.Mart;
import dev.dongchimi.importer.ImportService;
import dev.dongchimi.importer.ImportStore;
import dev.dongchimi.importer.RowError;
import dev.platform.accounts.CurrentUser;
import dev.platform.web.ApiProblem;
import dev.taskrow.core.Task;
import dev.taskrow.sse.StreamTokens;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.multipart.MultipartFile;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;
import tools.jackson.databind.json.JsonMapper;

/**
 * The mart owners' pages: their marts, a mart's products, the sheet upload and an import's live
 * progress, summary and row errors. Everything goes through 동치미's {@link Catalog} and {@link
 * ImportService} with the signed-in account, so ownership is the API's (403 someone else's mart,
 * 404 a missing one).
 */
@Controller
class OwnerPages {
  private final Catalog catalog;
  private final dev.dongchimi.Flyers flyers;
  private final ImportService imports;
  private final StreamTokens tokens;
  private final JsonMapper json;

  OwnerPages(
      Catalog catalog,
      dev.dongchimi.Flyers flyers,
      ImportService imports,
      StreamTokens tokens,
      JsonMapper json) {
    this.catalog = catalog;
    this.flyers = flyers;
    this.imports = imports;
    this.tokens = tokens;
    this.json = json;
  }

  @GetMapping("/owner")
  String marts(CurrentUser user, Model model) {
    model.addAttribute("marts", catalog.martsOwnedBy(user.id()));
    return "pages/owner/marts";
  }

  @GetMapping("/owner/marts/{martId}")
  String mart(
      CurrentUser user,
      @PathVariable long martId,
      @RequestParam(required = false) String q,
      @RequestParam(required = false) Long edit,
      Model model) {
    Mart mart = catalog.ownedMart(martId, user.id());
    model.addAttribute("editing", edit); // the product row shown as a form (no script)
    model.addAttribute("flyers", flyers.list(martId, false));
    String search =
        q == null || q.isBlank() ? null : dev.dongchimi.ProductNames.normalize(q.strip());
    model.addAttribute("mart", mart);
    model.addAttribute("q", q);
    model.addAttribute(
        "products",
        catalog.productsOfMart(
            martId, null, null, search == null || search.isEmpty() ? null : search, 100, 0));
    model.addAttribute(
        "imports", imports.list(user.id(), martId, 10).stream().map(this::view).toList());
    return "pages/owner/mart";
  }

  @PostMapping("/owner/marts/{martId}/imports")
  String upload(
      CurrentUser user,
      @PathVariable long martId,
      @RequestParam("file") MultipartFile file,
      RedirectAttributes redirect) {
    try {
      imports.checkUpload(user.id(), martId, file.getSize());
      ImportService.Import created =
          imports.upload(user.id(), martId, file.getOriginalFilename(), bytes(file));
      return "redirect:/owner/marts/" + martId + "/imports/" + created.task().id();
    } catch (ApiProblem refused) {
      if (refused.status().value() == 403 || refused.status().value() == 404) {
        throw refused; // not this owner's mart: the error page
      }
      redirect.addFlashAttribute("uploadError", refused.code());
      return "redirect:/owner/marts/" + martId;
    }
  }

  @GetMapping("/owner/marts/{martId}/imports/{jobId}")
  String importJob(
      CurrentUser user, @PathVariable long martId, @PathVariable UUID jobId, Model model) {
    ImportService.Import job = imports.find(user.id(), martId, jobId);
    model.addAttribute("mart", catalog.ownedMart(martId, user.id()));
    model.addAttribute("job", view(job));
    if (!job.task().status().isFinal()) {
      model.addAttribute(
          "stream",
          "/marts/"
              + martId
              + "/product-imports/"
              + jobId
              + "/events?stream_token="
              + tokens.issue(Long.toString(user.id()), ImportScope.of(martId, jobId)));
    }
    return "pages/owner/import";
  }

  /** An import as the page shows it: percent done, the summary and the row errors, parsed. */
  record ImportView(
      UUID id,
      String fileName,
      String status,
      String errorCode,
      String errorMessage,
      String phase,
      int percent,
      ImportStore.Summary summary,
      List<RowErrorReasons.Shown> rowErrors,
      java.time.Instant createdAt) {}

  private ImportView view(ImportService.Import job) {
    Task task = job.task();
    ImportStore.ImportRecord record = job.record();
    int percent;
    if (task.status().isFinal()) {
      percent = 100; // done, or stopped for good: nothing more will move
    } else if (task.progressTotal() != null && task.progressTotal() > 0) {
      percent = (int) Math.min(99, 100 * task.progressDone() / task.progressTotal());
    } else {
      percent = 0;
    }
    return new ImportView(
        task.id(),
        record.fileName(),
        task.status().name(),
        task.errorCode(),
        ImportService.ownerMessage(task),
        record.phase(),
        percent,
        record.summary() == null
            ? null
            : json.readValue(record.summary(), ImportStore.Summary.class),
        record.rowErrors() == null
            ? List.of()
            : java.util.Arrays.stream(json.readValue(record.rowErrors(), RowError[].class))
                .map(RowErrorReasons::of)
                .toList(),
        task.createdAt());
  }

  private static byte[] bytes(MultipartFile file) {
    try {
      return file.getBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
