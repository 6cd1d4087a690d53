/**
 * The shared account system: {@code POST /auth/signup}, {@code POST /auth/login}, {@code GET /me}
 * and HS256 bearer tokens (subject = account id, claim {@code roles}).
 *
 * <h2>For domain modules</h2>
 *
 * <ul>
 *   <li>Depend on {@code dev.taskrow:accounts}. Every request needs a bearer token unless it
 *       matches a {@link dev.platform.accounts.PublicEndpoint} bean; declare one for a public path,
 *       e.g. {@code @Bean PublicEndpoint categories() { return PublicEndpoint.get("/categories");
 *       }}.
 *   <li>Take the caller as a controller parameter: {@code CurrentUser user} ({@link
 *       dev.platform.accounts.CurrentUser}: {@code id()}, {@code roles()}, {@code has(Role)}), or
 *       {@code @AuthenticationPrincipal Jwt jwt} with {@code Long.parseLong(jwt.getSubject())}.
 *   <li>Role checks: {@code user.has(Role.MART_OWNER)}; the authorities are {@code ROLE_CUSTOMER},
 *       {@code ROLE_MART_OWNER}, {@code ROLE_ADMIN} for {@code hasRole(..)}.
 *   <li>401 (no, bad or expired token) and 403 are problem+json with {@code code} {@code
 *       UNAUTHENTICATED} / {@code FORBIDDEN}.
 *   <li>Migrations: this module owns Flyway versions {@code 2.x} under {@code
 *       db/migration/accounts}; the app runs one Flyway, out of order allowed.
 * </ul>
 */
package dev.platform.accounts;
