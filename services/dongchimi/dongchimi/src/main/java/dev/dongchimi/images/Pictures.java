package dev.dongchimi.images;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Iterator;
import javax.imageio.ImageIO;
import javax.imageio.ImageReadParam;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import net.coobird.thumbnailator.Thumbnails;

/**
 * Checks a picture's bytes and makes the two sizes that are served. The format is told by the bytes
 * (JPEG, PNG, GIF, WebP), never by a name or a Content-Type; SVG is refused outright (it is a
 * document that can carry scripts, not a picture); the dimensions are read from the header before
 * any pixel is decoded, so a decompression bomb is refused while it is still a few bytes.
 */
public final class Pictures {
  /** The longest side of the display size and of the thumbnail. */
  public static final int DISPLAY = 800;

  public static final int THUMB = 240;

  /** What is kept: both sizes, as JPEG (photos) or PNG (placeholders). */
  public record Sized(byte[] display, byte[] thumb, String extension, String contentType) {}

  private static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

  private Pictures() {}

  /** The format name ImageIO reads, told by the first bytes. */
  static String sniff(byte[] bytes) throws PictureRefused {
    if (bytes.length >= 3
        && (bytes[0] & 0xFF) == 0xFF
        && (bytes[1] & 0xFF) == 0xD8
        && (bytes[2] & 0xFF) == 0xFF) {
      return "jpeg";
    }
    if (bytes.length >= 8 && Arrays.equals(Arrays.copyOf(bytes, 8), PNG)) {
      return "png";
    }
    if (bytes.length >= 6 && (startsWith(bytes, "GIF87a") || startsWith(bytes, "GIF89a"))) {
      return "gif";
    }
    if (bytes.length >= 12
        && startsWith(bytes, "RIFF")
        && bytes[8] == 'W'
        && bytes[9] == 'E'
        && bytes[10] == 'B'
        && bytes[11] == 'P') {
      return "webp";
    }
    String head =
        new String(bytes, 0, Math.min(bytes.length, 512), StandardCharsets.ISO_8859_1)
            .toLowerCase();
    if (head.contains("<svg") || (head.contains("<?xml") && head.contains("svg"))) {
      throw new PictureRefused("SVG_REFUSED", "SVG is not accepted (it can carry scripts)");
    }
    throw new PictureRefused("NOT_AN_IMAGE", "not a JPEG, PNG, GIF or WebP picture");
  }

  /** Checks the bytes and makes the display size and the thumbnail (JPEG). */
  public static Sized sized(byte[] bytes, PictureLimits limits) throws PictureRefused {
    if (bytes.length > limits.maxBytes().toBytes()) {
      throw new PictureRefused("TOO_LARGE", "over " + limits.maxBytes().toMegabytes() + " MB");
    }
    BufferedImage image = decode(bytes, sniff(bytes), limits);
    BufferedImage opaque = onWhite(image);
    return new Sized(jpeg(opaque, DISPLAY), jpeg(opaque, THUMB), "jpg", "image/jpeg");
  }

  /** The placeholder's own PNG and its thumbnail; it is trusted, so not checked. */
  static Sized placeholder(byte[] png) {
    try {
      BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
      ByteArrayOutputStream thumb = new ByteArrayOutputStream();
      Thumbnails.of(image).size(THUMB, THUMB).outputFormat("png").toOutputStream(thumb);
      return new Sized(png, thumb.toByteArray(), "png", "image/png");
    } catch (IOException e) {
      throw new IllegalStateException("the placeholder cannot be resized", e);
    }
  }

  private static BufferedImage decode(byte[] bytes, String format, PictureLimits limits)
      throws PictureRefused {
    try (ImageInputStream in = ImageIO.createImageInputStream(new ByteArrayInputStream(bytes))) {
      Iterator<ImageReader> readers = ImageIO.getImageReadersByFormatName(format);
      if (!readers.hasNext()) {
        throw new PictureRefused("NOT_AN_IMAGE", "no reader for " + format);
      }
      ImageReader reader = readers.next();
      try {
        reader.setInput(in, true, true); // no metadata: it is not needed and may be large
        int width = reader.getWidth(0); // the header only: no pixel is decoded yet
        int height = reader.getHeight(0);
        if (width > limits.maxSide()
            || height > limits.maxSide()
            || (long) width * height > limits.maxPixels()) {
          throw new PictureRefused(
              "TOO_MANY_PIXELS", "declares " + width + "×" + height + " pixels");
        }
        if (width < limits.minSide() || height < limits.minSide()) {
          throw new PictureRefused("TOO_SMALL", width + "×" + height + " pixels");
        }
        ImageReadParam param = reader.getDefaultReadParam();
        // Decoding a large photo only to shrink it wastes memory: read every n-th pixel so the
        // decoded image is still at least twice the display size.
        int step = Math.max(1, Math.min(width, height) / (DISPLAY * 2));
        param.setSourceSubsampling(step, step, 0, 0);
        return reader.read(0, param);
      } finally {
        reader.dispose();
      }
    } catch (IOException | RuntimeException e) {
      throw new PictureRefused("UNREADABLE", "the picture cannot be decoded", e);
    }
  }

  private static BufferedImage onWhite(BufferedImage image) {
    BufferedImage rgb =
        new BufferedImage(image.getWidth(), image.getHeight(), BufferedImage.TYPE_INT_RGB);
    Graphics2D g = rgb.createGraphics();
    try {
      g.setColor(Color.WHITE);
      g.fillRect(0, 0, rgb.getWidth(), rgb.getHeight());
      g.drawImage(image, 0, 0, null);
    } finally {
      g.dispose();
    }
    return rgb;
  }

  private static byte[] jpeg(BufferedImage image, int side) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      var builder = Thumbnails.of(image).outputFormat("jpg").outputQuality(0.85);
      if (image.getWidth() > side || image.getHeight() > side) {
        builder.size(side, side); // keeps the aspect ratio
      } else {
        builder.scale(1.0); // never enlarged
      }
      builder.toOutputStream(out);
    } catch (IOException e) {
      throw new IllegalStateException("the picture cannot be encoded", e);
    }
    return out.toByteArray();
  }

  private static boolean startsWith(byte[] bytes, String ascii) {
    for (int i = 0; i < ascii.length(); i++) {
      if (bytes[i] != ascii.charAt(i)) {
        return false;
      }
    }
    return true;
  }
}
