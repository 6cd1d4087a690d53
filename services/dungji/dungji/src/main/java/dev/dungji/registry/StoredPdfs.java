package dev.dungji.registry;

import static dev.dungji.registry.RegistryTasks.FILE_NOT_FOUND;
import static dev.dungji.registry.RegistryTasks.STORAGE_UNAVAILABLE;

import dev.platform.storage.ObjectNotFoundException;
import dev.platform.storage.ObjectStorage;
import dev.platform.storage.StorageException;
import dev.taskrow.core.TaskFailure;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads a stored certificate PDF for the OCR and analysis workers, with the failure each of them
 * records: gone is final (FILE_NOT_FOUND), a storage fault that may pass is retried.
 */
final class StoredPdfs {
  private StoredPdfs() {}

  static byte[] load(ObjectStorage storage, String key) throws TaskFailure {
    try (InputStream in = storage.get(key)) {
      return in.readAllBytes();
    } catch (ObjectNotFoundException e) {
      throw TaskFailure.fatal(FILE_NOT_FOUND, "the stored PDF is gone: " + key, e);
    } catch (StorageException e) {
      throw e.transientFault()
          ? TaskFailure.retryable(STORAGE_UNAVAILABLE, e.getMessage(), e)
          : TaskFailure.fatal(FILE_NOT_FOUND, e.getMessage(), e);
    } catch (IOException e) {
      throw TaskFailure.retryable(STORAGE_UNAVAILABLE, "reading " + key + " failed: " + e, e);
    }
  }
}
