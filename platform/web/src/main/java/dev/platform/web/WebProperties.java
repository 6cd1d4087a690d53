package dev.platform.web;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * The {@code web.*} properties, checked when the application starts.
 *
 * @param maxJsonBody a JSON request body over this is refused with 413 {@code PAYLOAD_TOO_LARGE}
 *     before it is parsed, declared or chunked (multipart uploads keep their own limits)
 */
@ConfigurationProperties("web")
public record WebProperties(@DefaultValue("1MB") DataSize maxJsonBody) {

  public WebProperties {
    if (maxJsonBody == null || maxJsonBody.toBytes() <= 0) {
      throw new IllegalArgumentException("web.max-json-body must be positive");
    }
  }
}
