package dev.taskrow.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** Both languages have every label, and a browser that names no language reads Korean. */
class DashboardLabelsTest {

  @Test
  void koreanAndEnglishHaveTheSameKeys() throws IOException {
    Properties korean = bundle("messages.properties");
    Properties english = bundle("messages_en.properties");
    assertThat(korean.stringPropertyNames()).isNotEmpty();
    assertThat(english.stringPropertyNames()).isEqualTo(korean.stringPropertyNames());
  }

  @Test
  void koreanIsTheDefaultAndEnglishIsChosenOnlyWhenAskedFor() {
    DashboardLabels labels = new DashboardLabels();
    assertThat(DashboardLabels.choose(null)).isEqualTo(Locale.KOREAN);
    assertThat(DashboardLabels.choose(Locale.GERMAN)).isEqualTo(Locale.KOREAN);
    assertThat(DashboardLabels.choose(Locale.US)).isEqualTo(Locale.ENGLISH);
    assertThat(labels.forLocale(null).get("nav.overview")).isEqualTo("개요");
    assertThat(labels.forLocale(Locale.US).get("nav.overview")).isEqualTo("Overview");
    assertThat(labels.forLocale(Locale.US).f("bulk.result", 4)).isEqualTo("4 tasks.");
  }

  private static Properties bundle(String name) throws IOException {
    Properties p = new Properties();
    try (InputStream in =
        DashboardLabelsTest.class.getResourceAsStream("/taskrow/dashboard/" + name)) {
      p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
    }
    return p;
  }
}
