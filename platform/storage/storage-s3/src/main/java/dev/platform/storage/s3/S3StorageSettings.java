package dev.platform.storage.s3;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3Configuration;
import software.amazon.awssdk.services.s3.presigner.S3Presigner;

/**
 * How to reach the bucket.
 *
 * @param endpoint null for AWS itself; the URL of an S3-compatible store otherwise
 * @param region e.g. ap-northeast-2 (S3-compatible stores accept any)
 * @param bucket the bucket that holds the objects
 * @param accessKey null to use the default AWS credentials chain (environment, profile, role)
 * @param secretKey with accessKey
 * @param pathStyle true for most S3-compatible stores (http://host/bucket/key)
 * @param timeout per API call
 */
public record S3StorageSettings(
    URI endpoint,
    String region,
    String bucket,
    String accessKey,
    String secretKey,
    boolean pathStyle,
    Duration timeout) {

  public S3StorageSettings {
    Objects.requireNonNull(region, "region");
    if (bucket == null || bucket.isBlank()) {
      throw new IllegalArgumentException("an S3 bucket is required");
    }
    if ((accessKey == null) != (secretKey == null)) {
      throw new IllegalArgumentException("set both the S3 access key and secret key, or neither");
    }
    Objects.requireNonNull(timeout, "timeout");
  }

  S3Client client() {
    var builder =
        S3Client.builder()
            .region(Region.of(region))
            .credentialsProvider(credentials())
            .httpClient(UrlConnectionHttpClient.builder().socketTimeout(timeout).build())
            .serviceConfiguration(
                S3Configuration.builder().pathStyleAccessEnabled(pathStyle).build())
            .overrideConfiguration(
                ClientOverrideConfiguration.builder().apiCallTimeout(timeout).build());
    if (endpoint != null) {
      builder.endpointOverride(endpoint);
    }
    return builder.build();
  }

  S3Presigner presigner() {
    var builder =
        S3Presigner.builder()
            .region(Region.of(region))
            .credentialsProvider(credentials())
            .serviceConfiguration(
                S3Configuration.builder().pathStyleAccessEnabled(pathStyle).build());
    if (endpoint != null) {
      builder.endpointOverride(endpoint);
    }
    return builder.build();
  }

  private AwsCredentialsProvider credentials() {
    return accessKey != null
        ? StaticCredentialsProvider.create(AwsBasicCredentials.create(accessKey, secretKey))
        : DefaultCredentialsProvider.builder().build();
  }
}
