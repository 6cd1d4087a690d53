package dev.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.platform.embedded.EmbeddedProperties;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** {@code embedded.data-dir}, shared by the app's embedded defaults and the accounts' secret. */
class EmbeddedPropertiesTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner().withUserConfiguration(Bound.class);

  @EnableConfigurationProperties(EmbeddedProperties.class)
  static class Bound {}

  @Test
  void unsetOrEmptyTheDataDirectoryIsVar() {
    Path var = Path.of("./var").toAbsolutePath().normalize();
    runner.run(
        context -> assertThat(dataDir(context.getBean(EmbeddedProperties.class))).isEqualTo(var));
    runner
        .withPropertyValues("embedded.data-dir=")
        .run(
            context ->
                assertThat(dataDir(context.getBean(EmbeddedProperties.class))).isEqualTo(var));
  }

  @Test
  void aSetDataDirectoryIsUsed() {
    runner
        .withPropertyValues("embedded.data-dir=/srv/taskrow")
        .run(
            context ->
                assertThat(context.getBean(EmbeddedProperties.class).dataDir())
                    .isEqualTo(Path.of("/srv/taskrow")));
  }

  private static Path dataDir(EmbeddedProperties properties) {
    return properties.dataDir().toAbsolutePath().normalize();
  }
}
