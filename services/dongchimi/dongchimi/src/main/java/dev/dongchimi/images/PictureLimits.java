package dev.dongchimi.images;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * {@code dongchimi.pictures.*}: what a product picture may be, downloaded or uploaded.
 *
 * @param maxBytes the largest file read; a download stops reading past it
 * @param maxPixels width × height, read from the header before anything is decoded (a small file
 *     can declare a huge canvas: a decompression bomb)
 * @param maxSide the longest side allowed
 * @param minSide the shortest side allowed (a 1×1 tracking pixel is no product photo)
 * @param downloadTimeout the whole download, headers and body
 * @param allowPrivateAddresses whether a download may go to loopback, private or link-local
 *     addresses: off in production (a candidate URL must not reach the internal network), on in
 *     tests
 */
@ConfigurationProperties("dongchimi.pictures")
public record PictureLimits(
    @DefaultValue("8MB") DataSize maxBytes,
    @DefaultValue("40000000") long maxPixels,
    @DefaultValue("10000") int maxSide,
    @DefaultValue("32") int minSide,
    @DefaultValue("10s") Duration downloadTimeout,
    @DefaultValue("false") boolean allowPrivateAddresses) {

  public static PictureLimits defaults() {
    return new PictureLimits(
        DataSize.ofMegabytes(8), 40_000_000L, 10_000, 32, Duration.ofSeconds(10), false);
  }
}
