package dev.dungji.register;

/** What an entry's 등기목적 means, whatever the wording. */
public enum RightKind {
  OWNERSHIP_PRESERVATION("소유권보존"),
  OWNERSHIP_TRANSFER("소유권이전"),
  /** 소유권이전 whose cause is 신탁: the trustee owns it; the truster needs its consent to lease. */
  TRUST("신탁"),
  PROVISIONAL_REGISTRATION("가등기"),
  SEIZURE("압류"),
  PROVISIONAL_SEIZURE("가압류"),
  INJUNCTION("가처분"),
  AUCTION("경매개시결정"),
  MORTGAGE("근저당권"),
  JEONSE("전세권"),
  /** 주택임차권 (임차권등기명령) or 임차권설정. */
  LEASE("임차권"),
  /** "3번근저당권설정등기말소": cancels another entry. */
  CANCELLATION("말소"),
  /** A 부기 entry that changes another (변경, 경정, 근저당권이전). */
  AMENDMENT("변경"),
  OTHER("기타");

  private final String korean;

  RightKind(String korean) {
    this.korean = korean;
  }

  public String korean() {
    return korean;
  }

  /** Kinds that burden the property while in force (everything but ownership and bookkeeping). */
  public boolean burden() {
    return this != OWNERSHIP_PRESERVATION
        && this != OWNERSHIP_TRANSFER
        && this != CANCELLATION
        && this != AMENDMENT
        && this != OTHER;
  }

  public boolean ownership() {
    return this == OWNERSHIP_PRESERVATION || this == OWNERSHIP_TRANSFER || this == TRUST;
  }
}
