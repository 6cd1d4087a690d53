package dev.dongchimi;

import dev.platform.web.ProblemResponse;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.regex.Pattern;

/** What an owner sends to create or change a mart; null fields of a PATCH keep their value. */
public record MartInput(
    String name,
    String address,
    Double lat,
    Double lng,
    String phone,
    String openingHours,
    String closedDays) {
  private static final Pattern PHONE = Pattern.compile("[0-9+()\\- ]{3,30}");

  /** Documents the 400s of {@link #validated} on an endpoint that takes a mart's input. */
  @Retention(RetentionPolicy.RUNTIME)
  @Target(ElementType.METHOD)
  @ProblemResponse(
      status = 400,
      codes = {
        "INVALID_NAME",
        "INVALID_ADDRESS",
        "INVALID_COORDINATES",
        "INVALID_PHONE",
        "INVALID_OPENING_HOURS",
        "INVALID_CLOSED_DAYS"
      })
  @interface Refusals {}

  /** This input over an existing mart (PATCH semantics). */
  MartInput over(Mart mart) {
    return new MartInput(
        name != null ? name : mart.name(),
        address != null ? address : mart.address(),
        lat != null ? lat : mart.lat(),
        lng != null ? lng : mart.lng(),
        phone != null ? phone : mart.phone(),
        openingHours != null ? openingHours : mart.openingHours(),
        closedDays != null ? closedDays : mart.closedDays());
  }

  MartInput validated() {
    String n = Text.required("name", name, 100);
    String a = Text.required("address", address, 200);
    Geo.checkPoint(lat, lng);
    String p = Text.optional("phone", phone, 30);
    if (p != null && !PHONE.matcher(p).matches()) {
      throw Problem.invalid("INVALID_PHONE", "phone may hold digits, spaces and + - ( )");
    }
    return new MartInput(
        n,
        a,
        lat,
        lng,
        p,
        Text.optional("opening_hours", openingHours, 200),
        Text.optional("closed_days", closedDays, 100));
  }
}
