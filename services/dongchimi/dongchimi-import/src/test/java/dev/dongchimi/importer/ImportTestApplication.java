package dev.dongchimi.importer;

import dev.dongchimi.ai.AiException;
import dev.dongchimi.ai.AiRefusedException;
import dev.dongchimi.ai.ImageCandidate;
import dev.dongchimi.ai.ImageCandidates;
import dev.dongchimi.ai.ProductAi;
import dev.dongchimi.category.Category;
import dev.dongchimi.importer.local.Lexicon;
import dev.dongchimi.importer.local.LocalImageCatalog;
import dev.dongchimi.importer.local.LocalProductAi;
import dev.platform.storage.testing.InMemoryObjectStorage;
import dev.taskrow.core.TaskEvent;
import dev.taskrow.core.TaskListener;
import dev.taskrow.spring.TaskrowAutoConfiguration;
import dev.taskrow.test.SettableClock;
import dev.taskrow.test.TestDatabase;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;

/** The import on the test JVM's PostgreSQL, a settable engine clock, memory storage, local AI. */
@SpringBootConfiguration
@EnableAutoConfiguration
class ImportTestApplication {
  static final Instant START = Instant.parse("2026-03-02T01:00:00Z");

  @Bean
  DataSource dataSource() {
    return TestDatabase.dataSource();
  }

  @Bean(name = TaskrowAutoConfiguration.TASKROW_CLOCK)
  SettableClock taskrowClock() {
    return new SettableClock(START);
  }

  @Bean
  InMemoryObjectStorage objectStorage() {
    return new InMemoryObjectStorage();
  }

  @Bean
  TestAi productAi() {
    return new TestAi(new LocalProductAi(Lexicon.load()));
  }

  @Bean
  TestImages imageCandidates() {
    return new TestImages(new LocalImageCatalog(Lexicon.load(), null));
  }

  @Bean
  LeaseLost leaseLost() {
    return new LeaseLost();
  }

  static class LeaseLost implements TaskListener {
    final AtomicInteger count = new AtomicInteger();

    @Override
    public void onLeaseLost(TaskEvent event) {
      count.incrementAndGet();
    }
  }

  /** The local analyser, counting calls; it can be told to fail. */
  static class TestAi implements ProductAi {
    final ProductAi delegate;
    final AtomicInteger calls = new AtomicInteger();
    volatile boolean failing;
    volatile boolean refusing;

    TestAi(ProductAi delegate) {
      this.delegate = delegate;
    }

    @Override
    public String modelVersion() {
      return delegate.modelVersion();
    }

    @Override
    public Category classify(String productName) throws AiException {
      calls.incrementAndGet();
      if (failing) {
        throw new AiException(AiException.Kind.UNAVAILABLE, "503 from the test AI");
      }
      if (refusing) {
        throw new AiRefusedException(401, "the test AI rejects the API key");
      }
      return delegate.classify(productName);
    }

    @Override
    public Optional<String> matchImage(String productName, List<ImageCandidate> candidates)
        throws AiException {
      calls.incrementAndGet();
      return delegate.matchImage(productName, candidates);
    }
  }

  /** The local catalog; while {@code blocking}, a lookup waits for {@code gate}. */
  static class TestImages implements ImageCandidates {
    final ImageCandidates delegate;
    volatile boolean blocking;
    volatile CountDownLatch entered = new CountDownLatch(1);
    volatile CountDownLatch gate = new CountDownLatch(0);

    TestImages(ImageCandidates delegate) {
      this.delegate = delegate;
    }

    @Override
    public List<ImageCandidate> find(String productName) throws AiException {
      if (blocking) {
        CountDownLatch g = gate;
        entered.countDown();
        try {
          g.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      return delegate.find(productName);
    }
  }
}
