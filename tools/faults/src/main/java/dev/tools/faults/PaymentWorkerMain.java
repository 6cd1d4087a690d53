package dev.tools.faults;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.dungji.adapter.registry.http.HttpIssuerSettings;
import dev.dungji.adapter.registry.http.HttpRegistryIssuer;
import dev.dungji.nest.NestRepository;
import dev.dungji.registry.IssuanceHandler;
import dev.dungji.registry.PaymentReconciliations;
import dev.dungji.registry.Payments;
import dev.dungji.registry.RegistryFiles;
import dev.platform.storage.local.LocalObjectStorage;
import dev.taskrow.core.PostgresSignals;
import dev.taskrow.core.Taskrow;
import dev.taskrow.core.Worker;
import dev.taskrow.spring.SpringTransactionRunner;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;

/**
 * One issuance worker process of the payment scenario: 둥지's real {@link IssuanceHandler} (the
 * payment ledger, the refetch after an uncertain payment, the reconciliation record) over the
 * CODEF-style HTTP adapter, the local object store and the engine with Spring transactions — as the
 * app wires them, without the web layer. Killed with SIGKILL mid-payment by the suite.
 *
 * <p>Arguments {@code key=value}: jdbc, id, issuer (the mock's base URL), storage (a folder all
 * workers share), result-path (empty: the issuer offers no result inquiry), concurrency.
 */
public final class PaymentWorkerMain {
  private PaymentWorkerMain() {}

  public static void main(String[] args) throws Exception {
    Map<String, String> arg = FaultWorkerMain.parse(args);
    String id = arg.get("id");
    int concurrency = Integer.parseInt(arg.getOrDefault("concurrency", "8"));

    HikariConfig pool = new HikariConfig();
    pool.setJdbcUrl(arg.get("jdbc"));
    pool.setUsername("postgres");
    // Each running task holds its own transaction's connection and borrows one more for the ledger.
    pool.setMaximumPoolSize(2 * concurrency + 6);
    pool.setPoolName(id);
    HikariDataSource dataSource = new HikariDataSource(pool);
    DataSourceTransactionManager transactions = new DataSourceTransactionManager(dataSource);
    JdbcClient jdbc = JdbcClient.create(dataSource);

    URI issuerUrl = URI.create(arg.get("issuer"));
    String resultPath = arg.getOrDefault("result-path", HttpIssuerSettings.DEFAULT_RESULT_PATH);
    HttpRegistryIssuer issuer =
        new HttpRegistryIssuer(
            new HttpIssuerSettings(
                issuerUrl,
                issuerUrl.resolve("/oauth/token"),
                PaymentScenario.CLIENT,
                PaymentScenario.SECRET,
                "prepaid",
                "pw",
                Duration.ofSeconds(2),
                Duration.ofSeconds(10),
                resultPath),
            Clock.systemUTC());
    LocalObjectStorage storage =
        new LocalObjectStorage(
            Path.of(arg.get("storage")),
            URI.create("http://localhost/"),
            "fault-suite-signing-key-0123456789".getBytes(StandardCharsets.UTF_8),
            Clock.systemUTC());
    IssuanceHandler handler =
        new IssuanceHandler(
            new NestRepository(jdbc),
            new RegistryFiles(jdbc),
            issuer,
            storage,
            new Payments(jdbc, transactions),
            new PaymentReconciliations(jdbc, transactions));

    Taskrow taskrow =
        Taskrow.builder(dataSource)
            .signals(new PostgresSignals(dataSource))
            .transactions(new SpringTransactionRunner(transactions, dataSource))
            .kind(PaymentScenario.ISSUE_KIND)
            .kind(PaymentScenario.OCR_KIND)
            .build();
    Worker worker =
        taskrow
            .worker()
            .id(id)
            .queue(PaymentScenario.QUEUE, concurrency)
            .pollInterval(Duration.ofMillis(500))
            .handler(PaymentScenario.ISSUE_KIND.name(), handler)
            .start();

    FaultWorkerMain.runUntilStopped(worker, dataSource);
  }
}
