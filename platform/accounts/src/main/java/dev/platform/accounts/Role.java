package dev.platform.accounts;

/** What an account may do. Signup may choose only the self-assignable roles. */
public enum Role {
  CUSTOMER(true),
  MART_OWNER(true),
  /** Never chosen at signup; granted in the database by an operator. */
  ADMIN(false),
  /**
   * A read-only operator (운영 조회): sees the operators' pages (the task dashboard, the payment
   * records) and acts on nothing. Never chosen at signup; granted in the database like ADMIN.
   */
  OPERATOR(false);

  private final boolean selfAssignable;

  Role(boolean selfAssignable) {
    this.selfAssignable = selfAssignable;
  }

  public boolean selfAssignable() {
    return selfAssignable;
  }

  /** The Spring Security authority of this role, e.g. {@code ROLE_MART_OWNER}. */
  public String authority() {
    return "ROLE_" + name();
  }
}
