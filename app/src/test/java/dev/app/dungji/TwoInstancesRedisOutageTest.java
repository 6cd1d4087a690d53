package dev.app.dungji;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.app.TaskrowApplication;
import dev.dungji.adapter.registry.sandbox.SandboxRegistryIssuer;
import dev.dungji.issuer.IssueRequest;
import dev.dungji.issuer.IssuedDocument;
import dev.dungji.issuer.IssuerException;
import dev.dungji.issuer.IssuerFault;
import dev.dungji.issuer.Refetch;
import dev.dungji.issuer.RegistryIssuer;
import dev.platform.test.Answer;
import dev.platform.test.ApiClient;
import dev.platform.test.SignUp;
import dev.taskrow.core.SignalListener;
import dev.taskrow.core.Signals;
import dev.taskrow.core.TaskChange;
import dev.taskrow.core.TaskEvent;
import dev.taskrow.core.TaskListener;
import dev.taskrow.core.TaskStatus;
import dev.taskrow.redis.RedisSignals;
import dev.taskrow.redis.testing.TestRedis;
import dev.taskrow.test.SseEvent;
import dev.taskrow.test.SseStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.support.GenericApplicationContext;

/**
 * Two app instances on one PostgreSQL and one real Redis, with Redis stopped while a client's
 * stream is open: A serves the client and runs no worker, B runs the task. B's issuer waits for the
 * test at every attempt, so the task changes exactly when the test says — during the outage and
 * after Redis is back.
 */
@ExtendWith(OutputCaptureExtension.class)
class TwoInstancesRedisOutageTest {
  // Long enough that an event within a fraction of it came from a signal, short enough for the
  // outage part of the test.
  private static final Duration FALLBACK = Duration.ofSeconds(3);
  private static final Duration WITHIN = Duration.ofSeconds(30);

  private static final GatedIssuer issuer = new GatedIssuer();
  private static final Map<UUID, Long> committed = new ConcurrentHashMap<>();
  private static TestRedis redis;
  private static ConfigurableApplicationContext a;
  private static ConfigurableApplicationContext b;
  private static int portA;
  private static Path dataDir;

  @BeforeAll
  static void start() throws Exception {
    redis = TestRedis.start();
    dataDir = Files.createTempDirectory(Path.of("target"), "var-outage-").toAbsolutePath();
    a = app().run(args("server.port=0", "taskrow.worker.enabled=false"));
    portA = Integer.parseInt(a.getEnvironment().getRequiredProperty("local.server.port"));
    String url;
    String user;
    try (Connection c = a.getBean(DataSource.class).getConnection()) {
      DatabaseMetaData meta = c.getMetaData();
      url = meta.getURL();
      user = meta.getUserName();
    }
    TaskListener commitClock =
        new TaskListener() {
          @Override
          public void onSucceeded(TaskEvent event, Duration runTime) {
            committed.put(event.taskId(), System.nanoTime());
          }
        };
    b =
        app()
            .initializers(
                c -> {
                  ((GenericApplicationContext) c)
                      .registerBean("gatedIssuer", RegistryIssuer.class, () -> issuer);
                  c.getBeanFactory().registerSingleton("commitClock", commitClock);
                })
            .run(
                args(
                    "spring.main.web-application-type=none",
                    "spring.datasource.url=" + url,
                    "spring.datasource.username=" + user,
                    // Neither the sandbox nor the HTTP issuer: the gate below.
                    "dungji.issuer.type=custom",
                    "dungji.retry-initial-delay=100ms",
                    "dungji.retry-max-delay=200ms",
                    "taskrow.worker.poll-interval=200ms"));
  }

  private static SpringApplicationBuilder app() {
    return new SpringApplicationBuilder(TaskrowApplication.class);
  }

  /**
   * Command-line arguments, as an operator starts an instance: they override application.yml, which
   * builder properties would not.
   */
  private static String[] args(String... properties) {
    List<String> args = new ArrayList<>();
    Stream.concat(
            Stream.of(
                "taskrow.signals=redis",
                "taskrow.redis.url=" + redis.url(),
                "taskrow.redis.max-reconnect-delay=300ms",
                "taskrow.sse.fallback-interval=" + FALLBACK.toMillis() + "ms",
                "embedded.data-dir=" + dataDir,
                "logging.level.io.lettuce.core.protocol.ConnectionWatchdog=ERROR"),
            Stream.of(properties))
        .forEach(p -> args.add("--" + p));
    return args.toArray(String[]::new);
  }

  @AfterAll
  static void stop() {
    issuer.outcomes.add(Optional.empty()); // nothing left waiting at the gate
    if (b != null) {
      b.close();
    }
    if (a != null) {
      a.close();
    }
    redis.close();
  }

  @Test
  void aStreamOpenThroughARedisOutageGetsEveryChangeAndGoesLiveAgainByItself(CapturedOutput output)
      throws Exception {
    ApiClient app = new ApiClient(portA);
    String token = SignUp.newToken(app);
    long nest = Nests.create(app, token, "outage");
    UUID task = UUID.fromString(Nests.issue(app, token, nest));
    assertThat(issuer.started.poll(30, TimeUnit.SECONDS)).isEqualTo(1); // B runs attempt 1

    SseStream stream =
        SseStream.to(app.url("/nests/" + nest + "/analysis/registry/issue/" + task + "/events"))
            .bearer(token)
            .open();
    assertThat(stream.status()).isEqualTo(200);
    await().atMost(WITHIN).until(() -> stream.last().map(e -> attempt(e) == 1).orElse(false));
    assertThat(stream.events().getFirst().text("status")).isEqualTo("PROCESSING");
    await().atMost(WITHIN).until(() -> "UP".equals(health().get("taskrowRedis")));

    int warnings = count(output.getOut(), "Redis signals unavailable");
    int restored = count(output.getOut(), "Redis signals restored");
    redis.stop();
    await()
        .atMost(WITHIN)
        .until(
            () ->
                !a.getBean(RedisSignals.class).isConnected()
                    && !b.getBean(RedisSignals.class).isConnected());
    // Degraded, not down: the application as a whole stays UP.
    await().atMost(WITHIN).until(() -> "DEGRADED".equals(health().get("taskrowRedis")));
    assertThat(health()).containsEntry("status", "UP");
    // From here until Redis is back, no signal can reach A.
    Signalled signalled = new Signalled();
    a.getBean(Signals.class).subscribe(signalled);

    // Attempt 1 fails and attempt 2 starts while Redis is down: the stream sees both through its
    // periodic reads, since no signal can arrive.
    issuer.outcomes.add(Optional.of(IssuerFault.NETWORK));
    assertThat(issuer.started.poll(30, TimeUnit.SECONDS)).isEqualTo(2);
    await().atMost(WITHIN).until(() -> stream.last().map(e -> attempt(e) == 2).orElse(false));
    assertThat(stream.last().orElseThrow().text("last_error_code")).isEqualTo("ISSUER_UNREACHABLE");
    assertThat(signalled.tasks).doesNotContain(task);
    // One WARN per instance, not one per failed publish or reconnection attempt.
    assertThat(count(output.getOut(), "Redis signals unavailable")).isEqualTo(warnings + 2);

    redis.startAgain();
    await().atMost(WITHIN).until(() -> "UP".equals(health().get("taskrowRedis")));
    await()
        .atMost(WITHIN)
        .until(
            () ->
                a.getBean(RedisSignals.class).isConnected()
                    && b.getBean(RedisSignals.class).isConnected());
    // Re-subscribed, not only reconnected: a signal from B reaches A again.
    UUID probe = UUID.randomUUID();
    await()
        .atMost(WITHIN)
        .pollInterval(Duration.ofMillis(100))
        .until(
            () -> {
              b.getBean(Signals.class)
                  .tasksChanged(List.of(new TaskChange(probe, "probe", TaskStatus.PENDING)));
              return signalled.tasks.contains(probe);
            });
    assertThat(count(output.getOut(), "Redis signals restored")).isEqualTo(restored + 2);

    issuer.outcomes.add(Optional.empty()); // attempt 2 succeeds
    assertThat(stream.awaitEnd(WITHIN)).as("the stream ends after the final state").isTrue();
    SseEvent last = stream.last().orElseThrow();
    assertThat(last.text("status")).isEqualTo("SUCCESS");
    assertThat(signalled.tasks).contains(task);
    await().atMost(WITHIN).until(() -> committed.containsKey(task));
    long delay = last.receivedNanos() - committed.get(task);
    assertThat(Duration.ofNanos(delay))
        .as("commit -> event once Redis is back: a signal, not a periodic read")
        .isLessThan(FALLBACK.dividedBy(6));
    // Never an older state after a newer one.
    assertThat(stream.events().stream().map(TwoInstancesRedisOutageTest::attempt).toList())
        .isSorted();
    assertThat(stream.events().stream().map(SseEvent::id).distinct().count())
        .isEqualTo(stream.events().size());
  }

  private static int count(String text, String phrase) {
    return text.split(java.util.regex.Pattern.quote(phrase), -1).length - 1;
  }

  /** A's {@code taskrowRedis} health and the overall status, from its actuator over HTTP. */
  private static Map<String, String> health() {
    Answer r = new ApiClient(portA).get("/actuator/health", null);
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.json().at("/components/taskrowRedis/status").isString()).as(r.body()).isTrue();
    return Map.of(
        "status",
        r.json().get("status").asString(),
        "taskrowRedis",
        r.json().get("components").get("taskrowRedis").get("status").asString());
  }

  /** The task changes A's signals delivered. */
  private static final class Signalled implements SignalListener {
    final Set<UUID> tasks = ConcurrentHashMap.newKeySet();

    @Override
    public void onTaskChanged(TaskChange change) {
      tasks.add(change.taskId());
    }
  }

  /** Issues through the sandbox, but every attempt first waits for the test to say how it ends. */
  private static final class GatedIssuer implements RegistryIssuer {
    final BlockingQueue<Integer> started = new LinkedBlockingQueue<>();
    final BlockingQueue<Optional<IssuerFault>> outcomes = new LinkedBlockingQueue<>();
    private final SandboxRegistryIssuer sandbox =
        new SandboxRegistryIssuer(null, Map.of(), () -> 0.99);

    @Override
    public IssuedDocument issue(IssueRequest request) {
      started.add(request.attempt());
      Optional<IssuerFault> fault;
      try {
        fault = outcomes.poll(60, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IssuerException(IssuerFault.NETWORK, "interrupted at the gate");
      }
      if (fault == null) {
        throw new IssuerException(IssuerFault.AUTOMATION_FAILED, "the test never opened the gate");
      }
      if (fault.isPresent()) {
        throw new IssuerException(fault.get(), "injected by the test");
      }
      return sandbox.issue(request);
    }

    @Override
    public Refetch refetch(String idempotencyKey) {
      return sandbox.refetch(idempotencyKey);
    }
  }

  /** The attempt an event of the issuance shows. */
  private static int attempt(SseEvent event) {
    return event.json().get("attempt_count").asInt();
  }
}
