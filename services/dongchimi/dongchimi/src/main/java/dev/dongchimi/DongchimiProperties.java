package dev.dongchimi;

import java.time.ZoneId;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The {@code dongchimi.*} properties of the service itself; the import's are {@code
 * dongchimi.import.*}, its adapters' the app's ({@code dongchimi.ai.*}, {@code
 * dongchimi.images.*}).
 *
 * @param zone where "today" is decided: sale windows and flyers are calendar dates
 * @param demoData whether the start-up seeds the demo marts, flyers, products and accounts
 *     (DemoData); unset: only on the embedded database, that is without spring.datasource.url
 */
@ConfigurationProperties("dongchimi")
public record DongchimiProperties(@DefaultValue("Asia/Seoul") ZoneId zone, Boolean demoData) {}
