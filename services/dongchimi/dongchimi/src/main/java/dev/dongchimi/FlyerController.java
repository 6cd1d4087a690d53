package dev.dongchimi;

import dev.platform.accounts.CurrentUser;
import dev.platform.web.ProblemResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.security.SecurityRequirements;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;

/** A mart's flyers: the owner uploads page images; everyone signed in reads them. */
@RestController
class FlyerController {
  private final Flyers flyers;

  FlyerController(Flyers flyers) {
    this.flyers = flyers;
  }

  @PostMapping(path = "/marts/{martId}/flyers", consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
  @Operation(
      summary = "Publish a flyer (the mart's owner)",
      description =
          "Multipart: title, valid_from, valid_to (ISO dates), pages (0..10 JPEG/PNG/WebP files,"
              + " at most 5 MB each, told by their bytes).")
  @ProblemResponse(status = 404, codes = "NOT_FOUND")
  @ProblemResponse(status = 403, codes = "NOT_OWNER")
  @ProblemResponse(
      status = 400,
      codes = {"INVALID_TITLE", "INVALID_DATES", "TOO_MANY_PAGES"})
  @ProblemResponse(status = 413, codes = "PAGE_TOO_LARGE")
  @ProblemResponse(status = 415, codes = "UNSUPPORTED_IMAGE")
  @ProblemResponse(status = 503, codes = "STORAGE_UNAVAILABLE")
  ResponseEntity<Flyers.FlyerView> create(
      CurrentUser user,
      @PathVariable long martId,
      @RequestParam String title,
      @RequestParam(name = "valid_from") String validFrom,
      @RequestParam(name = "valid_to") String validTo,
      @RequestParam(name = "pages", required = false) List<MultipartFile> pages) {
    flyers.checkOwner(martId, user.id()); // before any page is read into memory
    List<Flyers.PageUpload> uploads = new ArrayList<>();
    if (pages != null) {
      if (pages.size() > Flyers.MAX_PAGES) {
        throw Problem.invalid("TOO_MANY_PAGES", "at most " + Flyers.MAX_PAGES + " pages");
      }
      for (MultipartFile page : pages) {
        if (page.getSize() > Flyers.MAX_PAGE_BYTES) {
          throw new Problem(
              HttpStatus.PAYLOAD_TOO_LARGE, "PAGE_TOO_LARGE", "a page may have at most 5 MB");
        }
        try (InputStream in = page.getInputStream()) {
          uploads.add(new Flyers.PageUpload(in.readNBytes((int) Flyers.MAX_PAGE_BYTES + 1)));
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    }
    Flyers.FlyerView flyer =
        flyers.create(martId, user.id(), title, date(validFrom), date(validTo), uploads);
    return ResponseEntity.created(URI.create("/marts/" + martId + "/flyers/" + flyer.id()))
        .body(flyer);
  }

  @GetMapping("/marts/{martId}/flyers")
  @SecurityRequirements
  @Operation(
      summary = "A mart's flyers",
      description =
          "active=true (default): only flyers valid today; expired ones are hidden. ends_soon:"
              + " within two days of the end. Page URLs are signed and expire in an hour.")
  @ProblemResponse(status = 404, codes = "NOT_FOUND")
  List<Flyers.FlyerView> list(
      @PathVariable long martId, @RequestParam(defaultValue = "true") boolean active) {
    return flyers.list(martId, active);
  }

  private static LocalDate date(String text) {
    try {
      return LocalDate.parse(text.strip());
    } catch (DateTimeParseException e) {
      throw Problem.invalid("INVALID_DATES", "dates are ISO dates, e.g. 2026-03-02");
    }
  }
}
