package dev.dongchimi.importer;

import dev.dongchimi.ai.AiException;
import dev.dongchimi.ai.ImageCandidate;
import dev.dongchimi.ai.ImageCandidates;
import dev.dongchimi.ai.ProductAi;
import dev.dongchimi.category.Category;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.IntConsumer;

/**
 * Analyses products with the AI port: per product, category and image run concurrently and are
 * awaited together; across products a sliding window of virtual threads (a new product starts as
 * soon as any finishes, no chunk barrier) and one {@link AiBudget} shared by every import caps the
 * AI calls in flight: the process's semaphore, or {@link SharedAiBudget} across instances. Answers
 * are cached by (match key, model version).
 */
public class Analyser {
  /** What the AI said about one product. */
  public record Analysis(Category category, String imageUrl) {}

  /** One product to analyse: its cache key and the cleaned name the AI sees. */
  public record Item(String matchKey, String name) {}

  /** How a retry waits; tests pass one that does not. */
  @FunctionalInterface
  public interface Sleeper {
    void sleep(Duration d) throws InterruptedException;
  }

  private final ProductAi ai;
  private final ImageCandidates images;
  private final AnalysisCache cache;
  private final AiBudget budget;
  private final ImportProperties properties;
  private final Sleeper sleeper;

  public Analyser(
      ProductAi ai,
      ImageCandidates images,
      AnalysisCache cache,
      Semaphore aiPermits,
      ImportProperties properties,
      Sleeper sleeper) {
    this(ai, images, cache, AiBudget.perProcess(aiPermits), properties, sleeper);
  }

  /** {@code budget}: the cap on AI calls, this process's or every instance's. */
  public Analyser(
      ProductAi ai,
      ImageCandidates images,
      AnalysisCache cache,
      AiBudget budget,
      ImportProperties properties,
      Sleeper sleeper) {
    this.ai = ai;
    this.images = images;
    this.cache = cache;
    this.budget = budget;
    this.properties = properties;
    this.sleeper = sleeper;
  }

  public String modelVersion() {
    return ai.modelVersion();
  }

  /**
   * The analysis of every item, by match key. {@code done} receives the number of products analysed
   * so far; {@code stop} is checked before each product starts.
   *
   * @throws AiUnavailableException when a call fails past its retry budget
   */
  public Map<String, Analysis> analyse(
      Collection<Item> items, IntConsumer done, BooleanSupplier stop) {
    String model = ai.modelVersion();
    Map<String, Analysis> results = new ConcurrentHashMap<>(cache.find(keys(items), model));
    List<Item> misses = items.stream().filter(i -> !results.containsKey(i.matchKey())).toList();
    AtomicInteger finished = new AtomicInteger(results.size());
    done.accept(finished.get());
    Map<String, Analysis> fresh = new ConcurrentHashMap<>();
    AtomicReference<RuntimeException> failure = new AtomicReference<>();
    Semaphore window = new Semaphore(properties.effectiveWindow());
    try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
      for (Item item : misses) {
        if (failure.get() != null || stop.getAsBoolean()) {
          break;
        }
        window.acquireUninterruptibly();
        threads.execute(
            () -> {
              try {
                Analysis analysis = analyseOne(item);
                fresh.put(item.matchKey(), analysis);
                done.accept(finished.incrementAndGet());
              } catch (RuntimeException e) {
                failure.compareAndSet(null, e);
              } finally {
                window.release();
              }
            });
      }
    } finally {
      // Whatever was learnt is kept: a retry of this file asks only for the rest.
      cache.save(fresh, model);
    }
    if (failure.get() != null) {
      throw failure.get();
    }
    results.putAll(fresh);
    return results;
  }

  private Analysis analyseOne(Item item) {
    try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
      return analyseOne(threads, item);
    }
  }

  private Analysis analyseOne(ExecutorService threads, Item item) {
    Future<Category> category = threads.submit(() -> call(() -> ai.classify(item.name())));
    Future<Optional<String>> image =
        threads.submit(
            () -> {
              // The shopping search is not the AI: it is retried alike but takes no AI permit, so
              // a slow search never holds back the calls the cap is for.
              List<ImageCandidate> candidates = lookUp(() -> images.find(item.name()));
              return candidates.isEmpty()
                  ? Optional.<String>empty()
                  : call(() -> ai.matchImage(item.name(), candidates));
            });
    try {
      return new Analysis(category.get(), image.get().orElse(null));
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new IllegalStateException(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AiUnavailableException("interrupted", null, e);
    }
  }

  @FunctionalInterface
  interface AiCall<T> {
    T call() throws AiException;
  }

  /** One AI call under the shared cap, retried on any AiException within the budget. */
  <T> T call(AiCall<T> work) {
    return retried(work, budget);
  }

  /** A candidate lookup: retried like an AI call, outside the AI cap. */
  <T> T lookUp(AiCall<T> work) {
    return retried(work, AiBudget.UNCAPPED);
  }

  private <T> T retried(AiCall<T> work, AiBudget cap) {
    long started = System.nanoTime();
    Duration backoff = properties.aiBackoff();
    for (int tryNo = 1; ; tryNo++) {
      AiException failure;
      AiBudget.Permit permit;
      try {
        permit = cap.acquire();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AiUnavailableException("interrupted", null, e);
      }
      try (permit) {
        return work.call();
      } catch (AiException e) {
        failure = e;
      }
      Duration wait = failure.retryAfter().orElse(backoff);
      Duration spent = Duration.ofNanos(System.nanoTime() - started);
      if (tryNo >= properties.aiMaxTries()
          || spent.plus(wait).compareTo(properties.aiRetryBudget()) > 0) {
        throw new AiUnavailableException(
            "AI " + failure.kind() + " after " + tryNo + " tries: " + failure.getMessage(),
            failure.retryAfter().orElse(null),
            failure);
      }
      try {
        sleeper.sleep(wait); // the permit is free meanwhile
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AiUnavailableException("interrupted", null, e);
      }
      backoff = backoff.multipliedBy(2);
    }
  }

  private static List<String> keys(Collection<Item> items) {
    List<String> keys = new ArrayList<>(items.size());
    items.forEach(i -> keys.add(i.matchKey()));
    return keys;
  }
}
