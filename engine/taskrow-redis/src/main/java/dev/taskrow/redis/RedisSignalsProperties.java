package dev.taskrow.redis;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The {@code taskrow.redis.*} properties, used when {@code taskrow.signals=redis}.
 *
 * @param url the Redis server, e.g. {@code redis://localhost:6379} or {@code
 *     rediss://:password@host:6380/0}
 * @param channelPrefix channels are {@code <prefix>:work} and {@code <prefix>:task}; give separate
 *     deployments on one Redis separate prefixes
 * @param commandTimeout how long a publish may take before it is given up (a hint, never retried)
 * @param maxReconnectDelay the longest wait between reconnection attempts while Redis is down
 */
@ConfigurationProperties("taskrow.redis")
public record RedisSignalsProperties(
    @DefaultValue("redis://localhost:6379") String url,
    @DefaultValue("taskrow") String channelPrefix,
    @DefaultValue("1s") Duration commandTimeout,
    @DefaultValue("5s") Duration maxReconnectDelay) {}
