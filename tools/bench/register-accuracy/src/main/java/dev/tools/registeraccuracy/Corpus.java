package dev.tools.registeraccuracy;

import dev.dungji.adapter.registry.sandbox.SandboxRegister;
import java.util.ArrayList;
import java.util.List;

/**
 * The labelled corpus: sandbox registers over every profile and kind, each with its truth (what a
 * correct parse finds), the same on every run.
 */
final class Corpus {
  private static final String[] ADDRESSES = {
    "서울특별시 마포구 성산동 123 한빛아파트",
    "서울특별시 강남구 대치동 1004 은마아파트",
    "경기도 성남시 분당구 정자동 55 느티마을",
    "인천광역시 연수구 송도동 7-1 더샵",
    "서울특별시 송파구 잠실동 40 리센츠",
    "부산광역시 해운대구 우동 1407 마린시티"
  };

  private Corpus() {}

  static List<SandboxRegister.Spec> specs(int count) {
    List<SandboxRegister.Spec> specs = new ArrayList<>();
    SandboxRegister.Profile[] profiles = SandboxRegister.Profile.values();
    SandboxRegister.Kind[] kinds = SandboxRegister.Kind.values();
    for (int i = 0; i < count; i++) {
      SandboxRegister.Kind kind = kinds[(i / profiles.length) % kinds.length];
      specs.add(
          new SandboxRegister.Spec(
              ADDRESSES[i % ADDRESSES.length],
              kind == SandboxRegister.Kind.COLLECTIVE
                  ? "제" + (1 + i % 20) + "층 제" + (101 + i) + "호"
                  : null,
              profiles[i % profiles.length],
              kind,
              1000 + i,
              kind == SandboxRegister.Kind.COLLECTIVE && i % 10 == 3));
    }
    return specs;
  }
}
