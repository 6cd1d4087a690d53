package dev.platform.accounts;

import dev.platform.web.ProblemWriter;
import jakarta.servlet.DispatcherType;
import java.util.List;
import java.util.stream.Stream;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.EnableWebSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationConverter;
import org.springframework.security.oauth2.server.resource.authentication.JwtGrantedAuthoritiesConverter;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.AccessDeniedHandler;
import org.springframework.security.web.access.intercept.AuthorizationFilter;

/**
 * Every request needs a bearer token, except the {@link PublicEndpoint}s: the account system's own
 * (below) and those other modules declare as beans. {@code /ops/**} and {@code /actuator/**} other
 * than health, and {@code /api/admin/**}, need the ADMIN role. Stateless: no session, no cookie, so
 * no CSRF token is needed (a browser never sends the bearer token by itself). Requests without a
 * token are rate-limited per address ({@link AnonymousReadLimiter}). Pages have their own chain,
 * ordered first ({@link BrowserSecurityConfiguration}).
 */
@Configuration(proxyBeanMethods = false)
@EnableWebSecurity
class SecurityConfiguration {
  static final List<PublicEndpoint> OWN =
      List.of(
          PublicEndpoint.any("/auth/**"),
          PublicEndpoint.get("/actuator/health"),
          PublicEndpoint.get("/actuator/health/**"),
          PublicEndpoint.get("/v3/api-docs"),
          PublicEndpoint.get("/v3/api-docs/**"),
          PublicEndpoint.get("/swagger-ui/**"),
          PublicEndpoint.get("/swagger-ui.html"));

  /** Paths only an ADMIN token may read (granted in the database, never at signup). */
  static final String[] OPERATOR_ONLY = {"/ops/**", "/api/admin/**", "/actuator/**"};

  @Bean
  SecurityFilterChain accountsSecurityFilterChain(
      HttpSecurity http,
      ObjectProvider<PublicEndpoint> declared,
      ProblemWriter problems,
      AccountsProperties properties)
      throws Exception {
    List<PublicEndpoint> open = Stream.concat(OWN.stream(), declared.orderedStream()).toList();
    JwtGrantedAuthoritiesConverter roles = new JwtGrantedAuthoritiesConverter();
    roles.setAuthoritiesClaimName(JwtTokens.ROLES_CLAIM);
    roles.setAuthorityPrefix("ROLE_");
    JwtAuthenticationConverter converter = new JwtAuthenticationConverter();
    converter.setJwtGrantedAuthoritiesConverter(roles);
    AuthenticationEntryPoint unauthenticated = SecurityProblems.entryPoint(problems);
    AccessDeniedHandler forbidden = SecurityProblems.accessDeniedHandler(problems);

    http.addFilterBefore(
            new AnonymousReadLimiter(properties.anonymousReads(), problems, System::nanoTime),
            AuthorizationFilter.class)
        .csrf(csrf -> csrf.disable())
        .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
        .httpBasic(basic -> basic.disable())
        .formLogin(form -> form.disable())
        .logout(logout -> logout.disable())
        .requestCache(cache -> cache.disable())
        .authorizeHttpRequests(
            authorize -> {
              // Error pages rendered for an already-decided request (e.g. a 404 body).
              authorize.dispatcherTypeMatchers(DispatcherType.ERROR).permitAll();
              for (PublicEndpoint endpoint : open) {
                if (endpoint.method() == null) {
                  authorize.requestMatchers(endpoint.pattern()).permitAll();
                } else {
                  authorize.requestMatchers(endpoint.method(), endpoint.pattern()).permitAll();
                }
              }
              // Operating the system is not for every account holder: engine queues, metrics.
              authorize.requestMatchers(OPERATOR_ONLY).hasRole(Role.ADMIN.name());
              authorize.anyRequest().authenticated();
            })
        .oauth2ResourceServer(
            resource ->
                resource
                    .jwt(jwt -> jwt.jwtAuthenticationConverter(converter))
                    .authenticationEntryPoint(unauthenticated)
                    .accessDeniedHandler(forbidden))
        .exceptionHandling(
            exceptions ->
                exceptions
                    .authenticationEntryPoint(unauthenticated)
                    .accessDeniedHandler(forbidden));
    return http.build();
  }
}
