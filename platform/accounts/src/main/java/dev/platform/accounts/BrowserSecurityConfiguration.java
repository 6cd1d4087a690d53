package dev.platform.accounts;

import java.util.ArrayList;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.AuthenticationFailureHandler;
import org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.OrRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;

/**
 * The second filter chain, for pages: the {@link BrowserPath}s modules declare, plus {@code /login}
 * and {@code /logout}. Ordered before the API's chain, which keeps answering every other path with
 * bearer tokens only and no session — so the API never accepts a cookie and needs no CSRF token,
 * while here:
 *
 * <ul>
 *   <li>a form login ({@code POST /login}, fields {@code email} and {@code password}, checked like
 *       {@code POST /auth/login}, throttle included) keeps a {@link SessionUser} in the HTTP
 *       session; the servlet container's cookie is HttpOnly, Secure on a TLS request, and SameSite
 *       as {@code server.servlet.session.cookie.same-site} says (the app sets Lax); the session id
 *       changes at login;
 *   <li>every state-changing request needs the session's CSRF token (a hidden field the templates
 *       add to each form), else 403;
 *   <li>the headers: {@link BrowserContentSecurityPolicy}, {@code X-Frame-Options: DENY}, {@code
 *       Referrer-Policy: same-origin}, {@code X-Content-Type-Options: nosniff}, HSTS on TLS.
 * </ul>
 *
 * The module serving the pages serves {@code GET /login} (the form) itself.
 */
@Configuration(proxyBeanMethods = false)
class BrowserSecurityConfiguration {
  static final String LOGIN = "/login";

  @Bean
  @Order(Ordered.HIGHEST_PRECEDENCE + 10)
  SecurityFilterChain accountsBrowserFilterChain(
      HttpSecurity http,
      ObjectProvider<BrowserPath> declared,
      ObjectProvider<BrowserContentSecurityPolicy> policy,
      AccountService accounts)
      throws Exception {
    List<BrowserPath> paths = new ArrayList<>(declared.orderedStream().toList());
    paths.add(BrowserPath.open(LOGIN));
    paths.add(BrowserPath.open("/logout"));
    PathPatternRequestMatcher.Builder path = PathPatternRequestMatcher.withDefaults();
    List<RequestMatcher> matchers =
        paths.stream().map(p -> (RequestMatcher) path.matcher(p.pattern())).toList();
    String csp =
        policy
            .getIfAvailable(
                () -> new BrowserContentSecurityPolicy(BrowserContentSecurityPolicy.STRICT))
            .value();

    http.securityMatcher(new OrRequestMatcher(matchers))
        .authenticationProvider(new SessionLogin(accounts))
        .formLogin(
            form ->
                form.loginPage(LOGIN)
                    .usernameParameter("email")
                    .passwordParameter("password")
                    .failureHandler(failure())
                    .permitAll())
        .logout(logout -> logout.logoutUrl("/logout").logoutSuccessUrl("/"))
        .httpBasic(basic -> basic.disable())
        .headers(
            headers ->
                headers
                    .contentSecurityPolicy(c -> c.policyDirectives(csp))
                    .frameOptions(frame -> frame.deny())
                    .referrerPolicy(
                        r -> r.policy(ReferrerPolicyHeaderWriter.ReferrerPolicy.SAME_ORIGIN)))
        .authorizeHttpRequests(
            authorize -> {
              // Signed-in paths first: an open pattern like "/**" must not shadow them.
              for (BrowserPath p : paths) {
                if (p.signedIn()) {
                  authorize.requestMatchers(path.matcher(p.pattern())).authenticated();
                }
              }
              authorize.anyRequest().permitAll();
            });
    return http.build();
  }

  /** Back to the form with the reason: wrong credentials, or throttled (the API's 429). */
  private static AuthenticationFailureHandler failure() {
    return (request, response, exception) ->
        response.sendRedirect(
            request.getContextPath()
                + LOGIN
                + (exception instanceof org.springframework.security.authentication.LockedException
                    ? "?throttled"
                    : "?error"));
  }
}
