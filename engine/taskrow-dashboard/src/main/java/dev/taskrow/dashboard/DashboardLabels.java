package dev.taskrow.dashboard;

import jakarta.servlet.http.HttpServletRequest;
import java.util.AbstractMap;
import java.util.Locale;
import java.util.Set;
import org.springframework.context.support.ResourceBundleMessageSource;
import org.springframework.web.servlet.support.RequestContextUtils;

/**
 * The dashboard's labels, Korean by default and English for a browser that asks for English first.
 * Its own bundle ({@code taskrow/dashboard/messages*.properties}), not the application's message
 * source: an application's {@code messages.properties} neither hides nor is hidden by them.
 *
 * <p>Which language a request asks for is {@code taskrow.dashboard.language-from}: the browser's
 * {@code Accept-Language} (the default), or the application's own {@code LocaleResolver} — a
 * language cookie of its pages, say — so the dashboard speaks the language the user chose there.
 */
final class DashboardLabels {
  private final ResourceBundleMessageSource messages = new ResourceBundleMessageSource();
  private final DashboardProperties.LanguageFrom languageFrom;

  DashboardLabels() {
    this(DashboardProperties.LanguageFrom.ACCEPT_LANGUAGE);
  }

  DashboardLabels(DashboardProperties.LanguageFrom languageFrom) {
    this.languageFrom = languageFrom;
    messages.setBasename("taskrow/dashboard/messages");
    messages.setDefaultEncoding("UTF-8");
    messages.setFallbackToSystemLocale(false);
    messages.setDefaultLocale(Locale.KOREAN);
  }

  /**
   * The request's language: English when its first language is English, Korean otherwise, also when
   * it names none (a servlet answers the server's locale then, not the user's).
   */
  static Locale of(HttpServletRequest request) {
    return choose(request.getHeader("Accept-Language") == null ? null : request.getLocale());
  }

  /** The labels in the language this request asks for ({@code taskrow.dashboard.language-from}). */
  Labels forRequest(HttpServletRequest request) {
    return switch (languageFrom) {
      case ACCEPT_LANGUAGE -> forLocale(of(request));
      // The DispatcherServlet has put the application's resolver on the request by the time an
      // interceptor or handler runs; without one this answers the request's own locale.
      case APPLICATION -> forLocale(RequestContextUtils.getLocale(request));
    };
  }

  /** English when the first language is English, Korean otherwise. */
  static Locale choose(Locale requested) {
    return requested != null && "en".equals(requested.getLanguage())
        ? Locale.ENGLISH
        : Locale.KOREAN;
  }

  Labels forLocale(Locale requested) {
    return new Labels(choose(requested));
  }

  /**
   * The labels of one language; the templates read them as {@code ${t['tasks.title']}} and format
   * with {@code ${t.f('key', arg)}}.
   */
  final class Labels extends AbstractMap<String, String> {
    private final Locale locale;

    private Labels(Locale locale) {
      this.locale = locale;
    }

    public String language() {
      return locale.getLanguage();
    }

    @Override
    public String get(Object key) {
      return messages.getMessage(String.valueOf(key), null, locale);
    }

    public String f(String key, Object... arguments) {
      return messages.getMessage(key, arguments, locale);
    }

    @Override
    public Set<Entry<String, String>> entrySet() {
      throw new UnsupportedOperationException("labels are read by key");
    }
  }
}
