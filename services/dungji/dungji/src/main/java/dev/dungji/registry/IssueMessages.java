package dev.dungji.registry;

import java.util.Map;

/**
 * What a tenant reads when an issuance failed: Korean first, English second, and always whether
 * money was charged. The code stays for programs; this is for people.
 */
final class IssueMessages {
  private static final String TRANSIENT =
      "발급 기관에 일시적인 문제가 있어 발급하지 못했습니다. 결제되지 않았으니 잠시 후 다시 요청해 주세요."
          + " / The issuer had a temporary problem; nothing was charged. Please try again later.";

  private static final Map<String, String> BY_CODE =
      Map.ofEntries(
          Map.entry(
              RegistryTasks.PAYMENT_UNCERTAIN,
              "결제가 되었는지 발급 기관에서 확인할 수 없어 발급을 멈췄습니다. 이 요청으로 다시 결제되지 않으며,"
                  + " 담당자가 확인한 뒤 환불하거나 증명서를 다시 발급해 드립니다."
                  + " / We could not confirm with the issuer whether the fee was charged, so issuance"
                  + " stopped. You will not be charged again for this request; an operator will"
                  + " refund it or issue the certificate."),
          Map.entry(
              RegistryTasks.DUPLICATE_PAYMENT,
              "발급 기관이 이 요청을 이미 결제된 건으로 보고 거절했습니다. 추가로 결제되지 않았습니다."
                  + " / The issuer refused this request as already paid; nothing more was charged."),
          Map.entry(
              RegistryTasks.AUTOMATION_FAILED,
              "발급 기관에서 증명서를 발급하지 못했습니다. 주소와 동·호를 확인해 주세요. 결제되지 않았습니다."
                  + " / The issuer could not issue the certificate; check the address."
                  + " Nothing was charged."),
          Map.entry(RegistryTasks.ISSUER_TIMEOUT, TRANSIENT),
          Map.entry(RegistryTasks.ISSUER_UNREACHABLE, TRANSIENT),
          Map.entry(RegistryTasks.ISSUER_MAINTENANCE, TRANSIENT),
          Map.entry(RegistryTasks.ISSUER_RATE_LIMITED, TRANSIENT),
          Map.entry(
              RegistryTasks.UPLOAD_FAILED,
              "결제된 증명서를 여러 번 시도했지만 저장하지 못했습니다. 담당자가 확인해 다시 발급하거나 환불해 드립니다."
                  + " / The paid certificate could not be stored after several tries; we will"
                  + " re-issue it or refund you."),
          Map.entry(
              RegistryTasks.SAVE_FAILED,
              "발급된 증명서를 저장하지 못했습니다. 담당자에게 문의해 주세요."
                  + " / The issued certificate could not be stored; please contact us."),
          Map.entry("CANCELLED", "발급 요청이 취소되었습니다. / The request was cancelled."));

  private IssueMessages() {}

  /** The tenant's message for a final error code, null for none. */
  static String forCode(String code) {
    if (code == null) {
      return null;
    }
    return BY_CODE.getOrDefault(
        code, "발급하지 못했습니다. 다시 요청해 주세요. / The certificate could not be issued; please try again.");
  }
}
