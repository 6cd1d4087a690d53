package dev.dongchimi.importer;

import java.util.concurrent.Semaphore;

/**
 * What an AI call takes before it starts and gives back when it ends: a place among the calls in
 * flight (and, where the API has one, a request of its per-minute limit). {@link #perProcess} is
 * one instance's semaphore; {@link SharedAiBudget} holds across instances.
 */
public interface AiBudget {

  /** Held while one call is in flight. */
  interface Permit extends AutoCloseable {
    @Override
    void close();
  }

  /** No cap: for calls to another API than the AI (the image candidates' search). */
  AiBudget UNCAPPED = () -> () -> {};

  /** Waits until a call may start. */
  Permit acquire() throws InterruptedException;

  /** The calls in flight of this process only (a fair semaphore). */
  static AiBudget perProcess(Semaphore permits) {
    return () -> {
      permits.acquire();
      return permits::release;
    };
  }
}
