package dev.tools.bench;

import dev.dongchimi.adapter.ai.openai.OpenAiProductAi;
import dev.dongchimi.adapter.ai.openai.OpenAiSettings;
import dev.dongchimi.ai.ImageCandidates;
import dev.dongchimi.ai.ProductAi;
import dev.dongchimi.importer.local.Lexicon;
import dev.dongchimi.importer.local.LocalImageCatalog;
import dev.platform.accounts.AccountsAutoConfiguration;
import dev.platform.accounts.StreamTokensAutoConfiguration;
import dev.platform.storage.testing.InMemoryObjectStorage;
import dev.taskrow.core.TaskEvent;
import dev.taskrow.core.TaskListener;
import dev.taskrow.sse.TaskEventStreamsAutoConfiguration;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * The import as the application runs it — its auto-configuration, the task engine's Spring
 * integration, the OpenAI adapter — without the web layer: the benchmark calls the service the
 * upload endpoint calls. Accounts and event streams are web concerns and stay out.
 */
@SpringBootConfiguration
@EnableAutoConfiguration(
    exclude = {
      AccountsAutoConfiguration.class,
      StreamTokensAutoConfiguration.class,
      TaskEventStreamsAutoConfiguration.class
    })
class ImportBenchApplication {

  @Bean
  InMemoryObjectStorage objectStorage() {
    return new InMemoryObjectStorage();
  }

  @Bean
  ProductAi productAi(@Value("${bench.ai.base-url}") URI baseUrl) {
    return new OpenAiProductAi(
        new OpenAiSettings(
            baseUrl, "bench-model", "sk-bench", Duration.ofSeconds(5), Duration.ofSeconds(30)));
  }

  @Bean
  ImageCandidates imageCandidates() {
    // No candidate source, as on the embedded defaults: products get placeholder pictures. A base
    // URL here would make every product try a download from a host that does not exist.
    return new LocalImageCatalog(Lexicon.load(), null);
  }

  @Bean
  Finishes finishes() {
    return new Finishes();
  }

  /** When each task was claimed and how it ended, as the engine reports it after the commit. */
  static final class Finishes implements TaskListener {
    private final Map<UUID, CompletableFuture<String>> outcomes = new ConcurrentHashMap<>();
    private final Map<UUID, Long> claimed = new ConcurrentHashMap<>();

    CompletableFuture<String> of(UUID taskId) {
      return outcomes.computeIfAbsent(taskId, id -> new CompletableFuture<>());
    }

    /** {@link System#nanoTime} of the task's first claim. */
    long claimedNanos(UUID taskId) {
      return claimed.get(taskId);
    }

    @Override
    public void onClaimed(TaskEvent event, Duration waited) {
      claimed.putIfAbsent(event.taskId(), System.nanoTime());
    }

    @Override
    public void onSucceeded(TaskEvent event, Duration runTime) {
      of(event.taskId()).complete("SUCCESS");
    }

    @Override
    public void onFailed(TaskEvent event, String errorCode, Duration runTime) {
      of(event.taskId()).complete("FAILED(" + errorCode + ")");
    }

    @Override
    public void onRetryScheduled(TaskEvent event, String errorCode, Duration delay) {
      of(event.taskId()).complete("RETRY(" + errorCode + ")");
    }
  }
}
