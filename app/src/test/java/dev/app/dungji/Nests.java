package dev.app.dungji;

import dev.platform.test.Answer;
import dev.platform.test.ApiClient;
import java.util.Map;

/** 둥지's first steps over the app's API, as a client takes them: a nest, then its issuance. */
final class Nests {
  private Nests() {}

  /** A new nest of the token's account; its id. */
  static long create(ApiClient api, String token, String name) {
    Answer r =
        api.post(
            "/nests",
            token,
            Map.of("name", name, "address", "서울특별시 강남구 테헤란로 152", "dong", "1", "ho", "801"));
    if (r.status() != 201) {
      throw new AssertionError("nest: " + r.body());
    }
    return r.json().get("id").asLong();
  }

  /** Asks for the nest's registry certificate; the issuance task's id. */
  static String issue(ApiClient api, String token, long nest) {
    Answer r = api.post("/nests/" + nest + "/analysis/registry/issue", token, null);
    if (r.status() != 202) {
      throw new AssertionError("issue: " + r.body());
    }
    return r.json().get("task_id").asString();
  }
}
