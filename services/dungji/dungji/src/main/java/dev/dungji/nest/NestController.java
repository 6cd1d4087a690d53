package dev.dungji.nest;

import dev.dungji.Callers;
import dev.platform.web.ProblemResponse;
import jakarta.validation.Valid;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** POST /nests, GET /nests, GET /nests/{nestId}: a user's own nests only. */
@RestController
@RequestMapping("/nests")
public class NestController {
  private final NestService nests;

  public NestController(NestService nests) {
    this.nests = nests;
  }

  @PostMapping
  @ProblemResponse(status = 409, codes = "NEST_LIMIT")
  ResponseEntity<NestView> create(@Valid @RequestBody NestForm form, Authentication auth) {
    Nest nest = nests.create(Callers.userId(auth), form);
    return ResponseEntity.created(URI.create("/nests/" + nest.id())).body(NestView.of(nest));
  }

  @GetMapping
  List<NestView> list(Authentication auth) {
    return nests.list(Callers.userId(auth)).stream().map(NestView::of).toList();
  }

  @GetMapping("/{nestId}")
  @ProblemResponse(status = 404, codes = "NEST_NOT_FOUND")
  @ProblemResponse(status = 403, codes = "NEST_PERMISSION")
  NestView get(@PathVariable long nestId, Authentication auth) {
    return NestView.of(nests.owned(Callers.userId(auth), nestId));
  }

  /** A nest as the API shows it. */
  public record NestView(
      long id,
      String name,
      String address,
      String registryNumber,
      String dong,
      String ho,
      Instant createdAt) {
    static NestView of(Nest n) {
      return new NestView(
          n.id(), n.name(), n.address(), n.registryNumber(), n.dong(), n.ho(), n.createdAt());
    }
  }
}
