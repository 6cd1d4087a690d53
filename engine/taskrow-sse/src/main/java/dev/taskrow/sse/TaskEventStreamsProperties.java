package dev.taskrow.sse;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The {@code taskrow.sse.*} properties.
 *
 * @param fallbackInterval how often an open stream reads its row even without a signal (the
 *     backstop when signals are lost or Redis is down)
 * @param timeout how long a stream stays open at most; the client reconnects (Last-Event-ID)
 * @param tokenTtl how long a stream token stays valid
 * @param maxStreamsPerViewer streams one user may hold open at once in one process (429 past it)
 */
@ConfigurationProperties("taskrow.sse")
public record TaskEventStreamsProperties(
    @DefaultValue("2s") Duration fallbackInterval,
    @DefaultValue("10m") Duration timeout,
    @DefaultValue("60s") Duration tokenTtl,
    @DefaultValue("20") int maxStreamsPerViewer) {}
