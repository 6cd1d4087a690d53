package dev.dungji.register;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HangulTest {

  @Test
  void aSyllableSplitsIntoItsJamo() {
    assertThat(Hangul.jamo("갑")).isEqualTo("\u1100\u1161\u11B8");
    assertThat(Hangul.jamo("가1")).isEqualTo("\u1100\u1161" + "1");
  }

  @Test
  void oneWrongJamoCostsOneNotAWholeSyllable() {
    assertThat(Hangul.distance("감구", "갑구")).isEqualTo(1);
    assertThat(Hangul.distance("그저당권설정", "근저당권설정")).isEqualTo(1);
    assertThat(Hangul.distance("을구", "갑구")).isEqualTo(3);
  }

  @Test
  void nearAllowsOneJamoPerFourSyllables() {
    assertThat(Hangul.near("감구", "갑구")).isTrue();
    assertThat(Hangul.near("건세권설정", "전세권설정")).isTrue();
    assertThat(Hangul.near("을구", "갑구")).isFalse();
    assertThat(Hangul.near("근저당권변경", "근저당권설정")).isFalse();
    assertThat(Hangul.near("압류", "가압류결정")).isFalse();
  }
}
