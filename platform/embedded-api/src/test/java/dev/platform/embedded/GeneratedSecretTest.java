package dev.platform.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.io.TempDir;

class GeneratedSecretTest {

  /**
   * Instances starting together on one data directory all get the one secret, never an empty one.
   */
  @RepeatedTest(20)
  void instancesRacingToCreateTheSecretAllReadTheWinnersWhole(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("data").resolve("secret");
    int racers = 8;
    CountDownLatch start = new CountDownLatch(1);
    List<Future<byte[]>> secrets = new ArrayList<>();
    try (ExecutorService pool = Executors.newFixedThreadPool(racers)) {
      for (int i = 0; i < racers; i++) {
        secrets.add(
            pool.submit(
                () -> {
                  start.await();
                  return GeneratedSecret.readOrCreate(file, 32);
                }));
      }
      start.countDown();
      byte[] first = secrets.getFirst().get();
      assertThat(first).hasSize(43); // 32 bytes as unpadded base64url
      for (Future<byte[]> secret : secrets) {
        assertThat(secret.get()).isEqualTo(first);
      }
    }
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-------");
    try (var left = Files.list(file.getParent())) {
      assertThat(left).containsExactly(file); // no temporary file left behind
    }
    assertThat(GeneratedSecret.readOrCreate(file, 32)).isEqualTo(secrets.getFirst().get());
  }
}
