package dev.dongchimi.images;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import javax.imageio.ImageIO;

/**
 * Pictures as the web serves them, made in memory for the tests: photos and a decompression bomb.
 */
public final class TestPictures {
  private TestPictures() {}

  public static byte[] jpeg(int width, int height) throws IOException {
    BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    g.setColor(Color.ORANGE);
    g.fillRect(0, 0, width, height);
    g.dispose();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ImageIO.write(image, "jpg", out);
    return out.toByteArray();
  }

  public static byte[] png(int width, int height) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ImageIO.write(new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB), "png", out);
    return out.toByteArray();
  }

  /**
   * A PNG of a few kilobytes that declares a canvas of width × height pixels of zeros (3.6 billion
   * pixels here: gigabytes once decoded).
   */
  public static byte[] bombPng(int width, int height) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'});
    ByteBuffer ihdr = ByteBuffer.allocate(13);
    ihdr.putInt(width)
        .putInt(height)
        .put((byte) 8)
        .put((byte) 0)
        .put((byte) 0)
        .put((byte) 0)
        .put((byte) 0);
    chunk(out, "IHDR", ihdr.array());
    Deflater deflater = new Deflater(9);
    byte[] zeros = new byte[1 << 20];
    ByteArrayOutputStream idat = new ByteArrayOutputStream();
    byte[] buffer = new byte[1 << 16];
    for (int i = 0; i < 64; i++) { // 64 MB of zeros: a start of the rows
      deflater.setInput(zeros);
      while (!deflater.needsInput()) {
        idat.write(buffer, 0, deflater.deflate(buffer));
      }
    }
    deflater.finish();
    while (!deflater.finished()) {
      idat.write(buffer, 0, deflater.deflate(buffer));
    }
    chunk(out, "IDAT", idat.toByteArray());
    chunk(out, "IEND", new byte[0]);
    return out.toByteArray();
  }

  private static void chunk(ByteArrayOutputStream out, String type, byte[] data)
      throws IOException {
    out.write(ByteBuffer.allocate(4).putInt(data.length).array());
    byte[] typeBytes = type.getBytes(StandardCharsets.US_ASCII);
    out.write(typeBytes);
    out.write(data);
    CRC32 crc = new CRC32();
    crc.update(typeBytes);
    crc.update(data);
    out.write(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
  }
}
