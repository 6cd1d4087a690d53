package dev.dongchimi.ai;

/**
 * The AI refused the call in a way that does not pass by itself: a wrong or revoked key, an
 * exhausted quota, an unknown model. Deliberately not an {@link AiException}: retrying would only
 * repeat the refusal, so the import ends at once {@code FAILED(AI_REFUSED)} with this message
 * (which never carries the key) instead of spending its retry budget.
 */
public class AiRefusedException extends RuntimeException {
  private final int status;

  public AiRefusedException(int status, String message) {
    super(message);
    this.status = status;
  }

  /** The HTTP status of the refusal, or 0 where there is none. */
  public int status() {
    return status;
  }
}
