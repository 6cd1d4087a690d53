package dev.dungji.nest;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/** POST /nests. 부동산 고유번호 is 14 digits, written with or without dashes (1146-2006-012345). */
public record NestForm(
    @NotBlank @Size(max = 100) String name,
    @NotBlank @Size(max = 300) String address,
    @Pattern(regexp = "\\d{4}-?\\d{4}-?\\d{6}") String registryNumber,
    @Size(max = 20) @Pattern(regexp = "[0-9A-Za-z가-힣-]*") String dong,
    @Size(max = 20) @Pattern(regexp = "[0-9A-Za-z가-힣-]*") String ho) {}
