package dev.dungji.register;

/** Which register a certificate is of: the header "등기사항전부증명서(말소사항 포함) - 집합건물". */
public enum RegisterKind {
  /** 집합건물: an apartment or a unit, with 1동의 건물, 전유부분 and 대지권. */
  COLLECTIVE_BUILDING,
  /** 건물: a detached building, registered apart from its land. */
  BUILDING,
  /** 토지: the land. */
  LAND,
  UNKNOWN
}
