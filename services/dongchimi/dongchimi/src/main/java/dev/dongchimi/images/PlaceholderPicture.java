package dev.dongchimi.images;

import dev.dongchimi.category.Category;
import dev.platform.fonts.Fonts;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontFormatException;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.geom.RoundRectangle2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;

/**
 * The picture a product gets when no photo of it is known: its category's pictogram, the category's
 * label and the product's short name on a tinted square. It says what it is — a placeholder, not a
 * photo. The font (NanumGothic, SIL OFL 1.1) comes from module {@code platform/fonts}, so the
 * rendering does not depend on the fonts of the machine it runs on.
 */
public final class PlaceholderPicture {
  /** The side of the square, in pixels. */
  public static final int SIZE = 480;

  private static final Font FONT = loadFont();

  private PlaceholderPicture() {}

  /** The PNG bytes; the same inputs always give the same picture. */
  public static byte[] png(Category category, String shortName) {
    BufferedImage image = new BufferedImage(SIZE, SIZE, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    try {
      g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
      g.setRenderingHint(
          RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
      g.setRenderingHint(
          RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
      Color tint = tint(category);
      g.setColor(mix(tint, Color.WHITE, 0.82));
      g.fillRect(0, 0, SIZE, SIZE);
      g.setColor(tint);
      g.setStroke(new BasicStroke(10, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
      pictogram(g, category, SIZE / 2.0, 150, 90);
      g.setColor(mix(tint, Color.BLACK, 0.35));
      drawCentred(g, FONT.deriveFont(Font.PLAIN, 26f), category.label(), 285);
      g.setColor(new Color(0x22, 0x22, 0x22));
      Font nameFont = FONT.deriveFont(Font.BOLD, 38f);
      List<String> lines = wrap(g.getFontMetrics(nameFont), shortName, SIZE - 60, 2);
      int y = 345;
      for (String line : lines) {
        drawCentred(g, nameFont, line, y);
        y += 48;
      }
      g.setColor(new Color(0x66, 0x66, 0x66));
      drawCentred(g, FONT.deriveFont(Font.PLAIN, 18f), "예시 이미지 · placeholder", SIZE - 22);
    } finally {
      g.dispose();
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      ImageIO.write(image, "png", out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  /** One simple line drawing per category, centred on (cx, cy) within a radius r. */
  private static void pictogram(Graphics2D g, Category category, double cx, double cy, double r) {
    switch (category) {
      case FRUIT -> { // an apple: a round body, a stem and a leaf
        g.draw(new Ellipse2D.Double(cx - r * 0.8, cy - r * 0.6, r * 1.6, r * 1.5));
        g.draw(line(cx, cy - r * 0.6, cx + r * 0.1, cy - r * 0.95));
        g.fill(new Ellipse2D.Double(cx + r * 0.1, cy - r * 1.0, r * 0.45, r * 0.22));
      }
      case VEGETABLE -> { // a carrot with its greens
        Path2D body = new Path2D.Double();
        body.moveTo(cx - r * 0.35, cy - r * 0.45);
        body.lineTo(cx + r * 0.35, cy - r * 0.45);
        body.lineTo(cx, cy + r * 0.95);
        body.closePath();
        g.draw(body);
        g.draw(line(cx, cy - r * 0.45, cx, cy - r * 0.95));
        g.draw(line(cx, cy - r * 0.45, cx - r * 0.35, cy - r * 0.9));
        g.draw(line(cx, cy - r * 0.45, cx + r * 0.35, cy - r * 0.9));
      }
      case GRAIN_NUT -> { // a bowl of rice
        g.draw(
            new java.awt.geom.Arc2D.Double(
                cx - r, cy - r * 0.7, r * 2, r * 1.6, 180, 180, java.awt.geom.Arc2D.CHORD));
        g.draw(
            new java.awt.geom.Arc2D.Double(
                cx - r * 0.8, cy - r * 0.55, r * 1.6, r * 0.9, 0, 180, java.awt.geom.Arc2D.OPEN));
      }
      case MEAT_EGG -> { // an egg beside a cut of meat
        g.draw(new Ellipse2D.Double(cx - r * 0.95, cy - r * 0.5, r * 0.8, r * 1.05));
        g.draw(new RoundRectangle2D.Double(cx - r * 0.05, cy - r * 0.4, r * 1.0, r * 0.85, 40, 40));
        g.draw(line(cx + r * 0.15, cy - r * 0.1, cx + r * 0.75, cy + r * 0.15));
      }
      case SEAFOOD -> { // a fish
        g.draw(new Ellipse2D.Double(cx - r * 0.9, cy - r * 0.45, r * 1.4, r * 0.9));
        Path2D tail = new Path2D.Double();
        tail.moveTo(cx + r * 0.45, cy);
        tail.lineTo(cx + r * 0.95, cy - r * 0.4);
        tail.lineTo(cx + r * 0.95, cy + r * 0.4);
        tail.closePath();
        g.draw(tail);
        g.fill(new Ellipse2D.Double(cx - r * 0.6, cy - r * 0.15, r * 0.15, r * 0.15));
      }
      case DAIRY, BEVERAGE -> { // a carton or bottle
        Path2D bottle = new Path2D.Double();
        bottle.moveTo(cx - r * 0.2, cy - r * 0.95);
        bottle.lineTo(cx + r * 0.2, cy - r * 0.95);
        bottle.lineTo(cx + r * 0.2, cy - r * 0.6);
        bottle.lineTo(cx + r * 0.45, cy - r * 0.3);
        bottle.lineTo(cx + r * 0.45, cy + r * 0.95);
        bottle.lineTo(cx - r * 0.45, cy + r * 0.95);
        bottle.lineTo(cx - r * 0.45, cy - r * 0.3);
        bottle.lineTo(cx - r * 0.2, cy - r * 0.6);
        bottle.closePath();
        g.draw(bottle);
        g.draw(line(cx - r * 0.45, cy + r * 0.1, cx + r * 0.45, cy + r * 0.1));
      }
      case ALCOHOL -> { // a wine glass
        g.draw(
            new java.awt.geom.Arc2D.Double(
                cx - r * 0.5, cy - r * 1.0, r, r * 1.1, 180, 180, java.awt.geom.Arc2D.CHORD));
        g.draw(line(cx, cy + r * 0.1, cx, cy + r * 0.8));
        g.draw(line(cx - r * 0.35, cy + r * 0.85, cx + r * 0.35, cy + r * 0.85));
      }
      case NOODLE, READY_MEAL -> { // a bowl with chopsticks
        g.draw(
            new java.awt.geom.Arc2D.Double(
                cx - r, cy - r * 0.6, r * 2, r * 1.5, 180, 180, java.awt.geom.Arc2D.CHORD));
        g.draw(line(cx - r * 0.1, cy + r * 0.15, cx + r * 0.6, cy - r * 0.95));
        g.draw(line(cx + r * 0.15, cy + r * 0.15, cx + r * 0.9, cy - r * 0.8));
      }
      case FROZEN -> { // a snowflake
        for (int i = 0; i < 3; i++) {
          double a = Math.PI / 3 * i;
          g.draw(
              line(
                  cx - Math.cos(a) * r,
                  cy - Math.sin(a) * r,
                  cx + Math.cos(a) * r,
                  cy + Math.sin(a) * r));
        }
      }
      case SNACK, BAKERY -> { // a cookie
        g.draw(new Ellipse2D.Double(cx - r * 0.85, cy - r * 0.85, r * 1.7, r * 1.7));
        double[][] chips = {{-0.35, -0.3}, {0.3, -0.35}, {0.05, 0.1}, {-0.3, 0.35}, {0.35, 0.35}};
        for (double[] c : chips) {
          g.fill(new Ellipse2D.Double(cx + c[0] * r - 8, cy + c[1] * r - 8, 16, 16));
        }
      }
      case SAUCE_OIL, TOFU_KIMCHI -> { // a jar
        g.draw(new RoundRectangle2D.Double(cx - r * 0.6, cy - r * 0.55, r * 1.2, r * 1.5, 40, 40));
        g.fill(new RoundRectangle2D.Double(cx - r * 0.45, cy - r * 0.9, r * 0.9, r * 0.3, 12, 12));
      }
      case HOUSEHOLD -> { // a spray bottle
        g.draw(new RoundRectangle2D.Double(cx - r * 0.45, cy - r * 0.35, r * 0.9, r * 1.3, 30, 30));
        g.draw(new java.awt.geom.Rectangle2D.Double(cx - r * 0.2, cy - r * 0.75, r * 0.4, r * 0.4));
        g.draw(line(cx + r * 0.2, cy - r * 0.7, cx + r * 0.7, cy - r * 0.7));
      }
      case OTHER -> { // a shopping basket
        g.draw(new RoundRectangle2D.Double(cx - r, cy - r * 0.2, r * 2, r * 1.0, 20, 20));
        g.draw(
            new java.awt.geom.Arc2D.Double(
                cx - r * 0.6, cy - r * 0.9, r * 1.2, r * 1.4, 0, 180, java.awt.geom.Arc2D.OPEN));
      }
    }
  }

  private static java.awt.geom.Line2D line(double x1, double y1, double x2, double y2) {
    return new java.awt.geom.Line2D.Double(x1, y1, x2, y2);
  }

  private static Color tint(Category category) {
    return switch (category) {
      case FRUIT -> new Color(0xD9, 0x3F, 0x3F);
      case VEGETABLE -> new Color(0x3C, 0x9A, 0x3F);
      case GRAIN_NUT -> new Color(0xA0, 0x7A, 0x3A);
      case MEAT_EGG -> new Color(0xB8, 0x3B, 0x5E);
      case SEAFOOD -> new Color(0x2F, 0x7D, 0xB8);
      case DAIRY -> new Color(0x4A, 0x8F, 0xC9);
      case TOFU_KIMCHI -> new Color(0xC9, 0x56, 0x2C);
      case NOODLE -> new Color(0xD0, 0x8A, 0x1E);
      case READY_MEAL -> new Color(0xC0, 0x6C, 0x1E);
      case FROZEN -> new Color(0x3A, 0x9F, 0xB5);
      case SNACK -> new Color(0xB5, 0x7A, 0x2A);
      case BEVERAGE -> new Color(0x2E, 0x8B, 0x8B);
      case ALCOHOL -> new Color(0x7A, 0x3E, 0x9D);
      case SAUCE_OIL -> new Color(0x9A, 0x6A, 0x1A);
      case BAKERY -> new Color(0xA8, 0x6B, 0x3C);
      case HOUSEHOLD -> new Color(0x4B, 0x6B, 0xA8);
      case OTHER -> new Color(0x6B, 0x6B, 0x6B);
    };
  }

  private static Color mix(Color a, Color b, double t) {
    return new Color(
        (int) Math.round(a.getRed() * (1 - t) + b.getRed() * t),
        (int) Math.round(a.getGreen() * (1 - t) + b.getGreen() * t),
        (int) Math.round(a.getBlue() * (1 - t) + b.getBlue() * t));
  }

  private static void drawCentred(Graphics2D g, Font font, String text, int baseline) {
    g.setFont(font);
    int width = g.getFontMetrics().stringWidth(text);
    g.drawString(text, (SIZE - width) / 2, baseline);
  }

  /** Up to {@code maxLines} lines that fit {@code width}; the last one ends in "…" if cut. */
  static List<String> wrap(FontMetrics metrics, String text, int width, int maxLines) {
    List<String> lines = new ArrayList<>();
    String rest = text.strip();
    while (!rest.isEmpty() && lines.size() < maxLines) {
      int end = rest.length();
      while (end > 1 && metrics.stringWidth(rest.substring(0, end)) > width) {
        end--;
      }
      if (end < rest.length()) { // prefer a break at a space
        int space = rest.lastIndexOf(' ', end);
        if (space > 0) {
          end = space;
        }
      }
      String line = rest.substring(0, end).strip();
      rest = rest.substring(end).strip();
      if (lines.size() == maxLines - 1 && !rest.isEmpty()) {
        while (line.length() > 1 && metrics.stringWidth(line + "…") > width) {
          line = line.substring(0, line.length() - 1);
        }
        line = line + "…";
      }
      lines.add(line);
    }
    return lines;
  }

  private static Font loadFont() {
    try (InputStream in = Fonts.nanumGothic()) {
      return Font.createFont(Font.TRUETYPE_FONT, in);
    } catch (IOException | FontFormatException e) {
      throw new IllegalStateException("the NanumGothic font resource cannot be read", e);
    }
  }
}
