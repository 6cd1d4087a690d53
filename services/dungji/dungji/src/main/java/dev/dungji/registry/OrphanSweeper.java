package dev.dungji.registry;

import dev.platform.storage.ObjectStorage;
import dev.platform.storage.StoredObject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Removes stored registry PDFs that no file record names and that are older than a threshold: what
 * a crash between upload and commit leaves behind. Young objects are left alone, since their
 * transaction may still be about to commit.
 */
public class OrphanSweeper {
  private static final Logger log = LoggerFactory.getLogger(OrphanSweeper.class);
  private static final int BATCH = 500;

  private final ObjectStorage storage;
  private final RegistryFiles files;
  private final Clock clock;
  private final Duration minAge;

  public OrphanSweeper(ObjectStorage storage, RegistryFiles files, Clock clock, Duration minAge) {
    this.storage = storage;
    this.files = files;
    this.clock = clock;
    this.minAge = minAge;
  }

  /** Sweeps once; returns the keys removed. */
  public List<String> sweep() {
    Instant cutoff = clock.instant().minus(minAge);
    List<String> removed = new ArrayList<>();
    List<String> batch = new ArrayList<>(BATCH);
    try (Stream<StoredObject> objects = storage.list(RegistryTasks.STORAGE_PREFIX)) {
      for (StoredObject object : (Iterable<StoredObject>) objects::iterator) {
        if (object.lastModified().isBefore(cutoff)) {
          batch.add(object.key());
          if (batch.size() == BATCH) {
            removed.addAll(removeUnknown(batch));
            batch.clear();
          }
        }
      }
    }
    removed.addAll(removeUnknown(batch));
    if (!removed.isEmpty()) {
      log.warn(
          "orphan sweep removed {} object(s) with no file record: {}", removed.size(), removed);
    }
    return removed;
  }

  private List<String> removeUnknown(List<String> keys) {
    Set<String> known = files.knownKeys(keys);
    List<String> removed = new ArrayList<>();
    for (String key : keys) {
      if (!known.contains(key)) {
        storage.delete(key);
        removed.add(key);
      }
    }
    return removed;
  }
}
