package dev.app;

import java.nio.file.Path;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where the embedded defaults keep their data ({@code app.embedded.*}).
 *
 * @param dataDir the embedded database lives in its {@code postgres} folder; kept across restarts
 */
@ConfigurationProperties("app.embedded")
public record EmbeddedProperties(@DefaultValue("./var") Path dataDir) {}
