package dev.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.platform.embedded.EmbeddedDefault;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.support.StaticListableBeanFactory;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

@ExtendWith(OutputCaptureExtension.class)
class EmbeddedDefaultsTest {

  @Test
  void logsEachDefaultInUseOnceAndSkipsTheOthers(CapturedOutput output) {
    StaticListableBeanFactory beans = new StaticListableBeanFactory();
    beans.addBean("storage", EmbeddedDefault.inUse("storage: local files in ./var/storage"));
    beans.addBean("ai", (EmbeddedDefault) Optional::empty);
    EmbeddedDefaults defaults = new EmbeddedDefaults(beans.getBeanProvider(EmbeddedDefault.class));

    defaults.report();
    defaults.report();

    assertThat(defaults.inUse()).containsExactly("storage: local files in ./var/storage");
    assertThat(output.getOut().split("storage: local files", -1)).hasSize(2);
    assertThat(output.getOut()).contains("WARN");
  }
}
