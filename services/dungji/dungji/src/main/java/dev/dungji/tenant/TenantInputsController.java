package dev.dungji.tenant;

import dev.dungji.Callers;
import dev.dungji.DungjiException;
import dev.dungji.nest.NestService;
import dev.platform.web.ProblemResponse;
import jakarta.validation.Valid;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The tenant's inputs of a nest's report: PUT replaces them, GET reads them. The nest's ownership
 * rule applies (missing 404, someone else's 403).
 */
@RestController
@RequestMapping("/nests/{nestId}/tenant-inputs")
@ProblemResponse(status = 404, codes = "NEST_NOT_FOUND")
@ProblemResponse(status = 403, codes = "NEST_PERMISSION")
public class TenantInputsController {
  /** GET before any PUT. */
  public static final String INPUTS_NOT_FOUND = "TENANT_INPUTS_NOT_FOUND";

  private final NestService nests;
  private final TenantInputsRepository inputs;

  public TenantInputsController(NestService nests, TenantInputsRepository inputs) {
    this.nests = nests;
    this.inputs = inputs;
  }

  @PutMapping
  @ProblemResponse(status = 400, codes = "INVALID_REQUEST")
  TenantInputs put(
      @PathVariable long nestId, @Valid @RequestBody TenantInputsForm form, Authentication auth) {
    nests.owned(Callers.userId(auth), nestId);
    return inputs.save(nestId, form);
  }

  @GetMapping
  @ProblemResponse(status = 404, codes = INPUTS_NOT_FOUND)
  TenantInputs get(@PathVariable long nestId, Authentication auth) {
    nests.owned(Callers.userId(auth), nestId);
    return inputs
        .find(nestId)
        .orElseThrow(
            () ->
                new DungjiException(
                    HttpStatus.NOT_FOUND, INPUTS_NOT_FOUND, "no tenant inputs for this nest yet"));
  }
}
