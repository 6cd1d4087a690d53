package dev.platform.accounts;

import org.springframework.http.HttpMethod;

/**
 * A request that needs no token. Declare one as a bean per public path; everything else requires a
 * bearer token. The account system declares its own ({@code /auth/**}, health, the OpenAPI document
 * and Swagger UI).
 *
 * @param method the method, or null for any method
 * @param pattern a path pattern, e.g. {@code /categories} or {@code /auth/**}
 */
public record PublicEndpoint(HttpMethod method, String pattern) {
  public static PublicEndpoint get(String pattern) {
    return new PublicEndpoint(HttpMethod.GET, pattern);
  }

  public static PublicEndpoint any(String pattern) {
    return new PublicEndpoint(null, pattern);
  }
}
