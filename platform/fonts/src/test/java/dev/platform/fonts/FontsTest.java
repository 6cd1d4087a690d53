package dev.platform.fonts;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import org.junit.jupiter.api.Test;

class FontsTest {
  @Test
  void theFontIsATrueTypeFileWithItsLicenceBesideIt() throws Exception {
    try (InputStream in = Fonts.nanumGothic()) {
      byte[] head = in.readNBytes(4);
      // A TrueType file starts with the sfnt version 0x00010000.
      assertThat(head).containsExactly(0, 1, 0, 0);
    }
    assertThat(Fonts.class.getResource("/dev/platform/fonts/NanumGothic-LICENSE.txt")).isNotNull();
  }
}
