package dev.platform.accounts;

import dev.taskrow.sse.StreamTokens;
import dev.taskrow.sse.TaskEventStreamsProperties;
import java.time.Clock;
import java.util.Base64;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.security.oauth2.jose.jws.MacAlgorithm;
import org.springframework.security.oauth2.jwt.JwsHeader;
import org.springframework.security.oauth2.jwt.JwtClaimsSet;
import org.springframework.security.oauth2.jwt.JwtEncoder;
import org.springframework.security.oauth2.jwt.JwtEncoderParameters;

/**
 * Stream tokens (taskrow-sse) keyed from the account system's secret, for every module that streams
 * task status: a browser's EventSource cannot send a bearer header.
 */
@AutoConfiguration(after = AccountsAutoConfiguration.class)
@ConditionalOnClass(StreamTokens.class)
@EnableConfigurationProperties(TaskEventStreamsProperties.class)
public class StreamTokensAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean
  StreamTokens streamTokens(
      JwtEncoder encoder, ObjectProvider<Clock> clock, TaskEventStreamsProperties properties) {
    return new StreamTokens(
        streamTokenKey(encoder), clock.getIfAvailable(Clock::systemUTC), properties.tokenTtl());
  }

  /**
   * A key only the holders of the JWT secret can compute: the HS256 signature of a fixed claim set
   * (HMAC is deterministic), so every instance sharing the secret accepts every instance's stream
   * tokens, and no stream token is ever a valid bearer token (it is not a JWT).
   */
  static byte[] streamTokenKey(JwtEncoder encoder) {
    String jwt =
        encoder
            .encode(
                JwtEncoderParameters.from(
                    JwsHeader.with(MacAlgorithm.HS256).build(),
                    JwtClaimsSet.builder().claim("purpose", "taskrow-stream-token-key").build()))
            .getTokenValue();
    return Base64.getUrlDecoder().decode(jwt.substring(jwt.lastIndexOf('.') + 1));
  }
}
