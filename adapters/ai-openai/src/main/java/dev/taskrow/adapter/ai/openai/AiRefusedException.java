package dev.taskrow.adapter.ai.openai;

/**
 * The API refused the call in a way that does not pass by itself: a wrong or revoked key (401,
 * 403), an exhausted quota, an unknown model or path (404), a request it will not accept (other
 * 4xx). Deliberately not an {@code AiException}: retrying would only repeat the refusal, so the
 * import's attempt ends at once with this message instead of spending its retry budget.
 */
public class AiRefusedException extends IllegalStateException {
  private final int status;

  public AiRefusedException(int status, String message) {
    super(message);
    this.status = status;
  }

  /** The HTTP status of the refusal. */
  public int status() {
    return status;
  }
}
