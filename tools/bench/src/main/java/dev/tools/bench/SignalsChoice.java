package dev.tools.bench;

import dev.taskrow.core.InProcessSignals;
import dev.taskrow.core.PostgresSignals;
import dev.taskrow.core.Signals;
import javax.sql.DataSource;

/** The signal transports a benchmark variant can run with. */
enum SignalsChoice {
  NONE("no signals"),
  IN_PROCESS("in-process signals"),
  POSTGRES("LISTEN/NOTIFY signals"),
  /** Redis Pub/Sub (taskrow-redis): needs a URL, so {@link TaskrowPeer} creates it. */
  REDIS("Redis signals");

  private final String label;

  SignalsChoice(String label) {
    this.label = label;
  }

  String label() {
    return label;
  }

  Signals create(DataSource dataSource) {
    return switch (this) {
      case NONE -> Signals.none();
      case IN_PROCESS -> new InProcessSignals();
      case POSTGRES -> new PostgresSignals(dataSource);
      case REDIS -> throw new IllegalStateException("Redis signals need a URL (--redis-url)");
    };
  }
}
