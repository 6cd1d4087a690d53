package dev.dungji;

import dev.dungji.ocr.PageOcr;
import java.awt.image.BufferedImage;

/** An OCR engine the test switches on and off; off by default, as on a machine without one. */
public class TestPageOcr implements PageOcr {
  volatile boolean available;
  volatile String text = "";

  @Override
  public boolean available() {
    return available;
  }

  @Override
  public String describe() {
    return "test engine";
  }

  @Override
  public String read(BufferedImage page) {
    return text;
  }
}
