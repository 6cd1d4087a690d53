package dev.dungji.report;

/**
 * Every flag the report raises, with its severity and explanation (Korean first, English second).
 * The severities follow what makes HUG refuse its 전세보증금반환보증 (a seizure, provisional seizure or
 * injunction, an auction, a lease registration order, a trust without the trustee's consent on the
 * register: HIGH) and what a careful broker asks about (MEDIUM).
 */
public enum FlagCode {
  SEIZURE(
      Severity.HIGH,
      "압류가 걸려 있습니다. 세금·공과금 등을 받지 못한 기관이 집을 묶어 둔 상태로, 공매로 넘어가면 보증금을 돌려받기 어려울 수 있습니다.",
      "A seizure (압류) is registered: a creditor, often the tax office, has frozen the home; a"
          + " public sale can leave the deposit unpaid."),
  PROVISIONAL_SEIZURE(
      Severity.HIGH,
      "가압류가 걸려 있습니다. 집주인의 채권자가 돈을 받기 위해 집을 미리 묶어 둔 것으로, 경매로 이어질 수 있습니다.",
      "A provisional seizure (가압류) is registered: a creditor of the owner froze the home ahead"
          + " of a judgment; it can lead to an auction."),
  INJUNCTION(
      Severity.HIGH,
      "가처분이 걸려 있습니다. 소유권 등을 두고 다툼이 있어, 나중에 계약 자체가 무력해질 수 있습니다.",
      "An injunction (가처분) is registered: someone disputes the ownership; the lease may later"
          + " not hold against them."),
  AUCTION(
      Severity.HIGH,
      "경매개시결정이 있습니다. 이미 경매 절차가 시작된 집입니다.",
      "An auction has been ordered (경매개시결정): the home is already being sold by the court."),
  TRUST(
      Severity.HIGH,
      "신탁된 집입니다. 소유자는 신탁회사(수탁자)이므로 신탁원부를 떼어 보고, 수탁자의 동의 없이 한 임대차는 보호받지 못할 수 있습니다.",
      "The home is in trust (신탁): the trustee owns it; read the trust deed (신탁원부) — a lease"
          + " made without the trustee's consent may not be protected."),
  PROVISIONAL_REGISTRATION(
      Severity.HIGH,
      "가등기가 있습니다. 가등기한 사람이 본등기를 하면 소유자가 바뀌고 임차인이 대항하지 못할 수 있습니다.",
      "A provisional registration (가등기) exists: if its holder completes it, ownership changes"
          + " and the lease may not hold against the new owner."),
  LEASE_REGISTRATION_ORDER(
      Severity.HIGH,
      "임차권등기명령이 있습니다. 앞선 세입자가 보증금을 돌려받지 못했다는 뜻입니다.",
      "A lease registration order (임차권등기명령) exists: a previous tenant was not repaid."),
  LEASE_IN_FORCE(
      Severity.MEDIUM,
      "등기된 임차권이 있습니다. 그 보증금은 내 보증금보다 먼저 배당받습니다.",
      "A registered lease (임차권) is in force: its deposit is paid before yours."),
  JEONSE_IN_FORCE(
      Severity.MEDIUM,
      "전세권이 설정되어 있습니다. 그 전세금은 내 보증금보다 먼저 배당받습니다.",
      "A jeonse right (전세권) is in force: its deposit is paid before yours."),
  OWNERSHIP_RECENT(
      Severity.MEDIUM,
      "최근에 소유자가 바뀌었습니다. 계약 직전 소유권 이전은 전세사기에서 자주 보이는 모습이니 매매 경위를 확인하세요.",
      "The ownership changed recently: a transfer just before the contract is common in jeonse"
          + " fraud; ask why the home was sold."),
  OWNERSHIP_MANY_TRANSFERS(
      Severity.MEDIUM,
      "짧은 기간에 소유자가 여러 번 바뀌었습니다.",
      "The ownership changed many times in a short period."),
  OWNER_NOT_LANDLORD(
      Severity.HIGH,
      "계약하려는 임대인이 등기부의 소유자와 다릅니다. 소유자 본인과 계약하거나 대리권(위임장·인감증명서)을 확인하세요.",
      "The landlord you named is not the owner on the register: sign with the owner, or check"
          + " the power of attorney and seal certificate."),
  CO_OWNERSHIP(
      Severity.MEDIUM,
      "공동 소유입니다. 공유자 전원(또는 지분 과반)의 동의를 받아 계약해야 합니다.",
      "The home is co-owned: the lease needs the consent of all co-owners (or a majority share)."),
  NO_LAND_RIGHT(
      Severity.MEDIUM,
      "대지권이 등기되어 있지 않습니다. 경매 때 땅값이 빠져 배당이 줄 수 있으니 이유를 확인하세요.",
      "No land right (대지권) is registered: at an auction the land may not be sold with the unit,"
          + " which lowers what is paid out."),
  RATIO_OVER_LIMIT(
      Severity.HIGH,
      "선순위 채권과 보증금의 합이 시세 대비 위험 기준을 넘습니다 (깡통전세 위험).",
      "Senior claims plus your deposit exceed the danger ratio of the market price."),
  RATIO_HIGH(
      Severity.MEDIUM,
      "선순위 채권과 보증금의 합이 시세 대비 주의 기준을 넘습니다.",
      "Senior claims plus your deposit exceed the caution ratio of the market price."),
  SENIOR_OVER_LIMIT(
      Severity.MEDIUM,
      "선순위 채권이 시세 대비 기준을 넘습니다 (전세보증금반환보증 가입이 어려울 수 있습니다).",
      "Senior claims exceed the guarantee limit of the market price (the deposit guarantee may be"
          + " refused)."),
  DEPOSIT_NOT_COVERED(
      Severity.HIGH,
      "경매로 넘어가면 보증금 일부를 돌려받지 못할 수 있습니다.",
      "At an auction part of your deposit may not be paid back."),
  PRICE_MISSING(
      Severity.LOW,
      "시세를 알 수 없어 비율과 예상 배당은 계산하지 않았습니다.",
      "No market price: the ratios and the auction estimate were not computed."),
  PARSE_UNCERTAIN(
      Severity.MEDIUM,
      "등기부의 일부를 확실히 읽지 못했습니다. 원본을 직접 확인하세요.",
      "Part of the register could not be read with certainty: check the original.");

  private final Severity severity;
  private final String ko;
  private final String en;

  FlagCode(Severity severity, String ko, String en) {
    this.severity = severity;
    this.ko = ko;
    this.en = en;
  }

  public Severity severity() {
    return severity;
  }

  public String ko() {
    return ko;
  }

  public String en() {
    return en;
  }
}
