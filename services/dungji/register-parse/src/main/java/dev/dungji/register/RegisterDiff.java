package dev.dungji.register;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * What changed on a register between two parses of it: rights that came into force or left it, the
 * owners, and 채권최고액s. A pure function.
 *
 * <p>An entry is known by its section and 순위번호: the registry never renumbers an entry, and a new
 * one always takes the next number (a 부기 entry, "1-1", is folded into the entry it amends, so its
 * effect shows as a changed amount of "1").
 */
public final class RegisterDiff {
  private RegisterDiff() {}

  /** The changes from {@code before} to {@code after}, in register order; empty when none. */
  public static List<RegisterChange> between(ParsedRegister before, ParsedRegister after) {
    Map<String, Entry> was = burdens(before);
    Map<String, Entry> is = burdens(after);
    List<RegisterChange> changes = new ArrayList<>();
    if (!new TreeSet<>(before.owners()).equals(new TreeSet<>(after.owners()))) {
      changes.add(
          new RegisterChange(
              RegisterChange.Type.OWNER_CHANGED,
              null,
              null,
              null,
              String.join(", ", before.owners()),
              null,
              null,
              String.join(", ", after.owners())));
    }
    is.forEach(
        (key, e) -> {
          Entry old = was.get(key);
          if (old == null) {
            changes.add(change(RegisterChange.Type.RIGHT_ADDED, e, null, e.maxClaim()));
          } else if (!Objects.equals(old.maxClaim(), e.maxClaim())) {
            changes.add(
                change(RegisterChange.Type.MAX_CLAIM_CHANGED, e, old.maxClaim(), e.maxClaim()));
          }
        });
    was.forEach(
        (key, e) -> {
          if (!is.containsKey(key)) {
            changes.add(change(RegisterChange.Type.RIGHT_CANCELLED, e, e.maxClaim(), null));
          }
        });
    return changes;
  }

  private static RegisterChange change(RegisterChange.Type type, Entry e, Long before, Long after) {
    return new RegisterChange(
        type, e.section(), e.rank(), e.kind(), e.purpose(), before, after, null);
  }

  /** The burdens in force, by section and rank, in register order. */
  private static Map<String, Entry> burdens(ParsedRegister register) {
    Map<String, Entry> byKey = new LinkedHashMap<>();
    for (Entry e : register.burdensInForce()) {
      byKey.put(e.section() + ":" + e.rank(), e);
    }
    return byKey;
  }
}
