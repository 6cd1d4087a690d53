package dev.app.pages;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Locale;
import java.util.Map;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.support.RequestContextUtils;

/**
 * {@code ?lang=ko} or {@code ?lang=en} on any page switches the language (the locale resolver's
 * cookie keeps it). Only the two languages the pages are written in: any other value is ignored, so
 * a page never shows untranslated keys.
 */
final class LanguageSwitch implements HandlerInterceptor {
  static final Map<String, Locale> LANGUAGES = Map.of("ko", Locale.KOREAN, "en", Locale.ENGLISH);

  @Override
  public boolean preHandle(
      HttpServletRequest request, HttpServletResponse response, Object handler) {
    String lang = request.getParameter("lang");
    Locale locale = lang == null ? null : LANGUAGES.get(lang);
    if (locale != null) {
      RequestContextUtils.getLocaleResolver(request).setLocale(request, response, locale);
    }
    return true;
  }
}
