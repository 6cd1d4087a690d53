package dev.dungji;

import java.util.concurrent.Future;

final class ApiTestBaseSupport {
  private ApiTestBaseSupport() {}

  static <T> T join(Future<T> future) {
    try {
      return future.get();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
