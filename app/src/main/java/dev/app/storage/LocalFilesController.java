package dev.app.storage;

import dev.platform.storage.ObjectNotFoundException;
import dev.platform.storage.local.LocalObjectStorage;
import dev.platform.storage.local.SignatureRejectedException;
import dev.platform.web.ApiProblem;
import dev.platform.web.ProblemResponse;
import io.swagger.v3.oas.annotations.security.SecurityRequirements;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.InputStream;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Serves local objects through their signed links: {@code GET /files/{key}?expires=&signature=}.
 * The signature (HMAC over key and expiry) is the authorisation; forged, altered or expired links
 * get 403 {@code INVALID_LINK} and reveal nothing (not even whether the object exists).
 */
@RestController
@ConditionalOnProperty(name = "storage.type", havingValue = "local", matchIfMissing = true)
public class LocalFilesController {
  private final LocalObjectStorage storage;

  public LocalFilesController(LocalObjectStorage storage) {
    this.storage = storage;
  }

  @GetMapping("/files/**")
  @SecurityRequirements // the signature is the authorisation
  @ProblemResponse(status = 403, codes = "INVALID_LINK")
  @ProblemResponse(status = 404, codes = "NOT_FOUND")
  ResponseEntity<byte[]> file(
      HttpServletRequest request, @RequestParam long expires, @RequestParam String signature)
      throws IOException {
    String key = request.getRequestURI().substring(request.getContextPath().length() + 7);
    try (InputStream in = storage.openSigned(key, expires, signature)) {
      return ResponseEntity.ok()
          .contentType(
              key.endsWith(".pdf") ? MediaType.APPLICATION_PDF : MediaType.APPLICATION_OCTET_STREAM)
          .cacheControl(CacheControl.noStore().cachePrivate())
          .header(HttpHeaders.CONTENT_DISPOSITION, "inline")
          .header("X-Content-Type-Options", "nosniff")
          .body(in.readAllBytes());
    } catch (SignatureRejectedException | IllegalArgumentException e) {
      throw new ApiProblem(
          HttpStatus.FORBIDDEN, "INVALID_LINK", "the link is not valid or has expired");
    } catch (ObjectNotFoundException e) {
      throw new ApiProblem(HttpStatus.NOT_FOUND, "NOT_FOUND", "no such file");
    }
  }
}
