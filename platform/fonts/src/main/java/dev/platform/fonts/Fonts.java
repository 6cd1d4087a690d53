package dev.platform.fonts;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** The bundled Hangul font (NanumGothic, SIL OFL 1.1: see NanumGothic-LICENSE.txt beside it). */
public final class Fonts {
  /** The class-path resource of the font. */
  public static final String NANUM_GOTHIC = "/dev/platform/fonts/NanumGothic.ttf";

  private Fonts() {}

  /** A new stream of NanumGothic.ttf; the caller closes it. */
  public static InputStream nanumGothic() {
    InputStream in = Fonts.class.getResourceAsStream(NANUM_GOTHIC);
    if (in == null) {
      throw new UncheckedIOException(
          new IOException("the font resource " + NANUM_GOTHIC + " is missing from the class path"));
    }
    return in;
  }
}
