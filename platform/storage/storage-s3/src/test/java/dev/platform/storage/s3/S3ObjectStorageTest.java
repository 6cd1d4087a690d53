package dev.platform.storage.s3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.platform.storage.ObjectStorage;
import dev.platform.storage.ObjectStorageContractTest;
import dev.platform.storage.StorageException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.nio2blob.FilesystemNio2BlobStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The contract against a real S3-compatible server (s3proxy on a temporary directory). */
class S3ObjectStorageTest extends ObjectStorageContractTest {
  private static final String ACCESS = "test-access";
  private static final String SECRET = "test-secret-key-0123456789";
  private static S3Proxy proxy;
  private static S3ObjectStorage storage;
  private static URI endpoint;

  @BeforeAll
  static void startS3() throws Exception {
    Path dir = Files.createTempDirectory("s3proxy");
    Files.createDirectories(dir.resolve("dungji-test"));
    proxy =
        S3Proxy.builder()
            .blobStore(new FilesystemNio2BlobStore(dir.toString()))
            .endpoint(URI.create("http://127.0.0.1:0"))
            .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS, SECRET)
            .build();
    proxy.start();
    while (!"STARTED".equals(proxy.getState())) {
      Thread.onSpinWait();
    }
    endpoint = URI.create("http://127.0.0.1:" + proxy.getPort());
    storage =
        S3ObjectStorage.create(
            new S3StorageSettings(
                endpoint,
                "ap-northeast-2",
                "dungji-test",
                ACCESS,
                SECRET,
                true,
                Duration.ofSeconds(10)));
  }

  @AfterAll
  static void stopS3() throws Exception {
    storage.close();
    proxy.stop();
  }

  @Override
  protected ObjectStorage storage() {
    return storage;
  }

  @Test
  void aPresignedUrlPointsAtTheConfiguredEndpointPathStyle() {
    URI url = storage.signedUrl("a/b.pdf", Duration.ofMinutes(5));

    assertThat(url.toString()).startsWith(endpoint + "/dungji-test/a/b.pdf?");
    assertThat(url.getQuery()).contains("X-Amz-Expires=300");
  }

  @Test
  void wrongCredentialsFailAsAStorageError() {
    try (S3ObjectStorage wrong =
        S3ObjectStorage.create(
            new S3StorageSettings(
                endpoint,
                "ap-northeast-2",
                "dungji-test",
                ACCESS,
                "not-the-secret",
                true,
                Duration.ofSeconds(10)))) {
      assertThatThrownBy(() -> wrong.exists("x")).isInstanceOf(StorageException.class);
    }
  }

  @Test
  void anUnreachableEndpointIsATransientFault() throws Exception {
    int closedPort;
    try (var socket = new java.net.ServerSocket(0)) {
      closedPort = socket.getLocalPort();
    }
    try (S3ObjectStorage down =
        S3ObjectStorage.create(
            new S3StorageSettings(
                URI.create("http://127.0.0.1:" + closedPort),
                "ap-northeast-2",
                "dungji-test",
                ACCESS,
                SECRET,
                true,
                Duration.ofSeconds(2)))) {
      assertThatThrownBy(() -> down.put("x", bytes("x"), 1, "text/plain"))
          .isInstanceOfSatisfying(
              StorageException.class, e -> assertThat(e.transientFault()).isTrue());
    }
  }
}
