package dev.dungji.tenant;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.time.LocalDate;
import org.springframework.format.annotation.DateTimeFormat;

/**
 * PUT /nests/{nestId}/tenant-inputs. Amounts in won; the upper limits (100억 deposit, 1,000억 price)
 * only keep typing mistakes and overflow out, they are far above any home's.
 */
public record TenantInputsForm(
    @NotNull @Min(1) @Max(10_000_000_000L) Long deposit,
    @Min(0) @Max(100_000_000L) Long monthlyRent,
    @Size(max = 100) String landlordName,
    @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate contractDate,
    @Min(1) @Max(100_000_000_000L) Long marketPrice,
    @Pattern(regexp = "\\d{5}") String lawdCode) {}
