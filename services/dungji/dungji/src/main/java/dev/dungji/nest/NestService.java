package dev.dungji.nest;

import dev.dungji.DungjiException;
import java.util.List;
import org.springframework.http.HttpStatus;

/** Nests and their ownership rule: missing → 404, someone else's → 403. */
public class NestService {
  /** A user keeps at most this many nests. */
  static final int MAX_NESTS_PER_USER = 200;

  private final NestRepository nests;

  public NestService(NestRepository nests) {
    this.nests = nests;
  }

  public Nest create(long userId, NestForm form) {
    if (nests.countByOwner(userId) >= MAX_NESTS_PER_USER) {
      throw new DungjiException(
          HttpStatus.CONFLICT, "NEST_LIMIT", "at most " + MAX_NESTS_PER_USER + " nests per user");
    }
    return nests.insert(userId, form);
  }

  public List<Nest> list(long userId) {
    return nests.findByOwner(userId, MAX_NESTS_PER_USER);
  }

  public Nest owned(long userId, long nestId) {
    return requireOwner(userId, nestId, nests.find(nestId).orElse(null));
  }

  /** The nest, row-locked for the rest of the transaction, if the user owns it. */
  public Nest lockOwned(long userId, long nestId) {
    return requireOwner(userId, nestId, nests.lock(nestId).orElse(null));
  }

  private static Nest requireOwner(long userId, long nestId, Nest nest) {
    if (nest == null) {
      throw DungjiException.nestNotFound(nestId);
    }
    if (nest.ownerId() != userId) {
      throw DungjiException.nestForbidden(nestId);
    }
    return nest;
  }
}
