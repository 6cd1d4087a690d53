package dev.platform.embedded;

import java.nio.file.Path;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The {@code embedded.*} properties: where the embedded defaults keep what must survive a restart.
 * One record for every module that keeps such data (the app's database and local storage, the
 * accounts' generated JWT secret), so they all agree on the directory.
 *
 * @param dataDir the embedded PostgreSQL (its {@code postgres} folder), the local object store's
 *     default folder ({@code storage}) and the generated secrets ({@code jwt-secret}, {@code
 *     storage-signing.key}); kept across restarts; empty means the default
 */
@ConfigurationProperties("embedded")
public record EmbeddedProperties(@DefaultValue("./var") Path dataDir) {}
