package dev.app;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.util.StringUtils;

/** Matches when {@code spring.datasource.url} is not set: the embedded database is wanted. */
class NoDataSourceUrlCondition extends SpringBootCondition {
  static final String URL = "spring.datasource.url";

  @Override
  public ConditionOutcome getMatchOutcome(
      ConditionContext context, AnnotatedTypeMetadata metadata) {
    String url = context.getEnvironment().getProperty(URL);
    return StringUtils.hasText(url)
        ? ConditionOutcome.noMatch(URL + " is set")
        : ConditionOutcome.match(URL + " is not set");
  }
}
