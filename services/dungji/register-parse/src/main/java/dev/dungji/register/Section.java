package dev.dungji.register;

/** The two parts of the register that hold rights. */
public enum Section {
  /** 갑구: ownership, and what restricts it (압류, 가압류, 가처분, 경매, 가등기, 신탁). */
  GAP,
  /** 을구: rights other than ownership (근저당권, 전세권, 임차권). */
  EUL
}
