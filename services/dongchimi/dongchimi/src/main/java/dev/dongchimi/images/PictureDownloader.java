package dev.dongchimi.images;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Downloads a candidate picture once, within limits: http(s) only, no redirects (a redirect could
 * lead past the address check), not to private addresses unless allowed, at most {@code maxBytes}
 * read, the whole download — a slow server trickling bytes included — within {@code
 * downloadTimeout}. The Content-Type is ignored: {@link Pictures} tells the format from the bytes.
 */
public class PictureDownloader {
  private final HttpClient http;
  private final PictureLimits limits;

  public PictureDownloader(PictureLimits limits) {
    this.limits = limits;
    this.http =
        HttpClient.newBuilder()
            .connectTimeout(limits.downloadTimeout())
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
  }

  public byte[] download(String url) throws PictureRefused {
    URI uri = checked(url);
    HttpRequest request =
        HttpRequest.newBuilder(uri)
            .timeout(limits.downloadTimeout())
            .header("Accept", "image/jpeg, image/png, image/webp, image/gif")
            .header("User-Agent", "dongchimi-pictures/1")
            .GET()
            .build();
    AtomicReference<InputStream> body = new AtomicReference<>();
    CompletableFuture<byte[]> read =
        http.sendAsync(request, HttpResponse.BodyHandlers.ofInputStream())
            .thenApplyAsync(
                response -> {
                  body.set(response.body());
                  try (InputStream in = response.body()) {
                    if (response.statusCode() != 200) {
                      throw new Refusal(
                          new PictureRefused(
                              "HTTP_STATUS", "the server answered " + response.statusCode()));
                    }
                    return readAtMost(in, limits.maxBytes().toBytes());
                  } catch (IOException e) {
                    throw new Refusal(
                        new PictureRefused("UNREACHABLE", "reading failed: " + e.getMessage(), e));
                  }
                },
                command -> Thread.ofVirtual().start(command));
    try {
      return read.get(limits.downloadTimeout().toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      read.cancel(true);
      closeQuietly(body.get()); // unblocks the reading thread and drops the connection
      throw new PictureRefused("TIMEOUT", "no complete picture within " + limits.downloadTimeout());
    } catch (ExecutionException e) {
      if (e.getCause() instanceof Refusal r) {
        throw r.refused;
      }
      throw new PictureRefused(
          "UNREACHABLE", "the download failed: " + e.getCause().getMessage(), e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      closeQuietly(body.get());
      throw new PictureRefused("TIMEOUT", "interrupted");
    }
  }

  private URI checked(String url) throws PictureRefused {
    URI uri;
    try {
      uri = URI.create(url);
    } catch (IllegalArgumentException e) {
      throw new PictureRefused("NOT_AN_IMAGE", "not a URL");
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null) {
      throw new PictureRefused("ADDRESS_REFUSED", "only http(s) URLs are downloaded");
    }
    if (!limits.allowPrivateAddresses()) {
      try {
        for (InetAddress address : InetAddress.getAllByName(uri.getHost())) {
          if (address.isLoopbackAddress()
              || address.isSiteLocalAddress()
              || address.isLinkLocalAddress()
              || address.isAnyLocalAddress()
              || address.isMulticastAddress()) {
            throw new PictureRefused("ADDRESS_REFUSED", "a private address: " + uri.getHost());
          }
        }
      } catch (UnknownHostException e) {
        throw new PictureRefused("UNREACHABLE", "unknown host " + uri.getHost());
      }
    }
    return uri;
  }

  private static byte[] readAtMost(InputStream in, long max) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] buffer = new byte[16 * 1024];
    long total = 0;
    for (int n; (n = in.read(buffer)) != -1; ) {
      total += n;
      if (total > max) {
        throw new Refusal(new PictureRefused("TOO_LARGE", "more than " + max + " bytes"));
      }
      out.write(buffer, 0, n);
    }
    return out.toByteArray();
  }

  private static void closeQuietly(InputStream in) {
    if (in != null) {
      try {
        in.close();
      } catch (IOException ignored) {
        // the download is abandoned anyway
      }
    }
  }

  /** Carries a refusal out of the reading thread. */
  private static final class Refusal extends RuntimeException {
    final PictureRefused refused;

    Refusal(PictureRefused refused) {
      super(refused.getMessage(), null, false, false);
      this.refused = refused;
    }
  }
}
