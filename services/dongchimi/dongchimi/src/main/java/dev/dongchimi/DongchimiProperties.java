package dev.dongchimi;

import java.time.ZoneId;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code app.dongchimi.*} and {@code app.demo-data}.
 *
 * @param zone where "today" is decided: sale windows and flyers are calendar dates
 */
@ConfigurationProperties("app.dongchimi")
public record DongchimiProperties(@DefaultValue("Asia/Seoul") ZoneId zone) {}
