package dev.platform.storage.s3;

import dev.platform.storage.ObjectKeys;
import dev.platform.storage.ObjectNotFoundException;
import dev.platform.storage.ObjectStorage;
import dev.platform.storage.StorageException;
import dev.platform.storage.StoredObject;
import java.io.InputStream;
import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.stream.Stream;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.HeadObjectRequest;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Request;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.presigner.S3Presigner;

/**
 * Objects in one S3 bucket. Works with AWS and with S3-compatible stores (path-style addressing,
 * any endpoint); see {@link S3StorageSettings}. A put that fails leaves no object: S3 stores a
 * single-part upload whole or not at all.
 */
public final class S3ObjectStorage implements ObjectStorage, AutoCloseable {
  /** S3 presigned URLs last at most 7 days. */
  private static final Duration MAX_TTL = Duration.ofDays(7);

  private final S3Client client;
  private final S3Presigner presigner;
  private final String bucket;

  public S3ObjectStorage(S3Client client, S3Presigner presigner, String bucket) {
    this.client = Objects.requireNonNull(client, "client");
    this.presigner = Objects.requireNonNull(presigner, "presigner");
    this.bucket = Objects.requireNonNull(bucket, "bucket");
  }

  /** A store built from settings; {@link #close()} closes its clients. */
  public static S3ObjectStorage create(S3StorageSettings settings) {
    return new S3ObjectStorage(settings.client(), settings.presigner(), settings.bucket());
  }

  @Override
  public void put(String key, InputStream data, long size, String contentType) {
    ObjectKeys.requireValid(key);
    try {
      client.putObject(
          PutObjectRequest.builder()
              .bucket(bucket)
              .key(key)
              .contentLength(size)
              .contentType(contentType)
              .build(),
          RequestBody.fromInputStream(data, size));
    } catch (SdkException | IllegalStateException e) {
      throw translate("put " + key, e);
    }
  }

  @Override
  public InputStream get(String key) {
    ObjectKeys.requireValid(key);
    try {
      return client.getObject(b -> b.bucket(bucket).key(key));
    } catch (NoSuchKeyException e) {
      throw new ObjectNotFoundException(key);
    } catch (SdkException e) {
      throw translate("get " + key, e);
    }
  }

  @Override
  public void delete(String key) {
    ObjectKeys.requireValid(key);
    try {
      client.deleteObject(b -> b.bucket(bucket).key(key));
    } catch (SdkException e) {
      throw translate("delete " + key, e);
    }
  }

  @Override
  public boolean exists(String key) {
    ObjectKeys.requireValid(key);
    try {
      client.headObject(HeadObjectRequest.builder().bucket(bucket).key(key).build());
      return true;
    } catch (NoSuchKeyException e) {
      return false;
    } catch (S3Exception e) {
      if (e.statusCode() == 404) {
        return false;
      }
      throw translate("head " + key, e);
    } catch (SdkException e) {
      throw translate("head " + key, e);
    }
  }

  @Override
  public Stream<StoredObject> list(String prefix) {
    ObjectKeys.requireValidPrefix(prefix);
    try {
      return client
          .listObjectsV2Paginator(
              ListObjectsV2Request.builder().bucket(bucket).prefix(prefix).build())
          .contents()
          .stream()
          .map(o -> new StoredObject(o.key(), o.size(), o.lastModified()));
    } catch (SdkException e) {
      throw translate("list " + prefix, e);
    }
  }

  @Override
  public URI signedUrl(String key, Duration ttl) {
    ObjectKeys.requireValid(key);
    if (ttl.isNegative() || ttl.isZero() || ttl.compareTo(MAX_TTL) > 0) {
      throw new IllegalArgumentException("ttl must be positive and at most 7 days: " + ttl);
    }
    try {
      return presigner
          .presignGetObject(
              b -> b.signatureDuration(ttl).getObjectRequest(g -> g.bucket(bucket).key(key)))
          .url()
          .toURI();
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void close() {
    presigner.close();
    client.close();
  }

  private static StorageException translate(String what, RuntimeException e) {
    boolean transientFault =
        e instanceof SdkClientException
            || (e instanceof S3Exception s3 && (s3.statusCode() >= 500 || s3.statusCode() == 429));
    return new StorageException("S3 " + what + " failed: " + e.getMessage(), e, transientFault);
  }
}
