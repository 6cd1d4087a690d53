package dev.platform.accounts;

import com.nimbusds.jose.jwk.source.ImmutableSecret;
import dev.platform.embedded.EmbeddedDefault;
import dev.platform.embedded.EmbeddedProperties;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigureOrder;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.MethodParameter;
import org.springframework.core.Ordered;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.crypto.argon2.Argon2PasswordEncoder;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.security.crypto.password.DelegatingPasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.oauth2.core.DelegatingOAuth2TokenValidator;
import org.springframework.security.oauth2.jose.jws.MacAlgorithm;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtEncoder;
import org.springframework.security.oauth2.jwt.JwtIssuerValidator;
import org.springframework.security.oauth2.jwt.JwtTimestampValidator;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;
import org.springframework.security.oauth2.jwt.NimbusJwtEncoder;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * The account system: signup and login, HS256 bearer tokens, the security filter chain, {@link
 * CurrentUser} as a controller parameter. Ordered first, so its filter chain replaces Spring Boot's
 * default one.
 */
@AutoConfiguration
@AutoConfigureOrder(Ordered.HIGHEST_PRECEDENCE + 100)
@EnableConfigurationProperties({AccountsProperties.class, EmbeddedProperties.class})
@Import({
  SecurityConfiguration.class,
  BrowserSecurityConfiguration.class,
  OpenApiSecurity.class,
  AuthController.class,
  SecurityProblemAdvice.class
})
public class AccountsAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean
  Clock clock() {
    return Clock.systemUTC();
  }

  @Bean
  JwtSecret jwtSecret(AccountsProperties properties, EmbeddedProperties embedded) {
    return JwtSecret.resolve(properties.jwtSecret(), embedded.dataDir());
  }

  @Bean
  EmbeddedDefault jwtSecretDefault(JwtSecret secret) {
    return () ->
        secret.generated()
            ? Optional.of(
                "auth: JWT secret generated in "
                    + secret.file()
                    + " — not for production; set accounts.jwt-secret")
            : Optional.empty();
  }

  @Bean
  JwtEncoder accountsJwtEncoder(JwtSecret secret) {
    return new NimbusJwtEncoder(new ImmutableSecret<>(secret.key()));
  }

  @Bean
  JwtDecoder accountsJwtDecoder(JwtSecret secret, AccountsProperties properties, Clock clock) {
    NimbusJwtDecoder decoder =
        NimbusJwtDecoder.withSecretKey(secret.key()).macAlgorithm(MacAlgorithm.HS256).build();
    JwtTimestampValidator expiry = new JwtTimestampValidator();
    expiry.setClock(clock);
    decoder.setJwtValidator(
        new DelegatingOAuth2TokenValidator<>(expiry, new JwtIssuerValidator(properties.issuer())));
    return decoder;
  }

  /** Argon2id for new hashes; bcrypt hashes (if any are ever imported) still verify and upgrade. */
  @Bean
  @ConditionalOnMissingBean
  PasswordEncoder passwordEncoder() {
    return new DelegatingPasswordEncoder(
        "argon2",
        Map.of(
            "argon2",
            Argon2PasswordEncoder.defaultsForSpringSecurity_v5_8(),
            "bcrypt",
            new BCryptPasswordEncoder()));
  }

  @Bean
  JwtTokens jwtTokens(JwtEncoder accountsJwtEncoder, AccountsProperties properties, Clock clock) {
    return new JwtTokens(accountsJwtEncoder, properties, clock);
  }

  @Bean
  AccountService accountService(
      JdbcClient jdbc,
      PasswordEncoder passwordEncoder,
      JwtTokens tokens,
      AccountsProperties properties,
      Clock clock) {
    return new AccountService(
        new AccountRepository(jdbc), passwordEncoder, tokens, properties, clock);
  }

  /** Lets controllers take a {@code CurrentUser} parameter. */
  @Bean
  WebMvcConfigurer currentUserArgumentResolver() {
    return new WebMvcConfigurer() {
      @Override
      public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
        resolvers.add(
            new HandlerMethodArgumentResolver() {
              @Override
              public boolean supportsParameter(MethodParameter parameter) {
                return parameter.getParameterType() == CurrentUser.class;
              }

              @Override
              public Object resolveArgument(
                  MethodParameter parameter,
                  ModelAndViewContainer mavContainer,
                  NativeWebRequest webRequest,
                  WebDataBinderFactory binderFactory) {
                return CurrentUser.from(SecurityContextHolder.getContext().getAuthentication());
              }
            });
      }
    };
  }
}
