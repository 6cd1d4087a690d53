package dev.dungji.watch;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.time.LocalDate;

/**
 * PUT /nests/{nestId}/watch: re-issue every {@code everyDays} days (1 = daily) until {@code until}
 * — the contract date, or the day after move-in and 전입신고, when 대항력 begins.
 */
public record WatchForm(@Min(1) @Max(90) int everyDays, @NotNull LocalDate until) {}
