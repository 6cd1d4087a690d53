package dev.dungji.adapter.registry.http;

import dev.dungji.issuer.IssueRequest;
import dev.dungji.issuer.IssuedDocument;
import dev.dungji.issuer.IssuerException;
import dev.dungji.issuer.IssuerFault;
import dev.dungji.issuer.Refetch;
import dev.dungji.issuer.RegistryIssuer;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The registry issuer over a CODEF-style REST API. Its quirks, reproduced by the test's mock:
 *
 * <ul>
 *   <li>OAuth client credentials; the token is cached until shortly before it expires, and a 401
 *       drops it.
 *   <li>Request and response bodies are JSON, URL-encoded as a whole.
 *   <li>Every answer is HTTP 200 with {@code result.code}: {@code CF-00000} success, the rest
 *       errors (see {@link #fault}).
 *   <li>Searching by address is two steps: the first answer is {@code CF-03002} with the candidate
 *       properties ({@code extraInfo.resAddrList}) and the two-way info; the second request names
 *       the chosen unique number and echoes the two-way info. That second request pays.
 *   <li>The PDF comes base64-encoded in {@code data.resOriGinalData}.
 *   <li>The API charges the moment the paying request arrives, answers seconds later, and never
 *       charges one {@code requestId} twice ({@code CF-13325} 동일 건 결제 완료).
 *   <li>A result inquiry ({@link HttpIssuerSettings#resultPath}) answers the outcome of an earlier
 *       {@code requestId}: {@code CF-00000} with the charged document (for a limited time), {@code
 *       CF-13330} no such request (nothing charged), {@code CF-13331} the window has passed.
 * </ul>
 *
 * <p>Payment safety: a request that pays and then times out or breaks is reported {@link
 * IssuerFault#POSSIBLY_CHARGED}, never as a transient fault, so it is not issued again; {@link
 * #refetch} then asks the result inquiry for the outcome.
 */
public final class HttpRegistryIssuer implements RegistryIssuer {
  static final String PRODUCT_PATH = "/v1/kr/public/ck/real-estate-register/status";
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final HttpIssuerSettings settings;
  private final HttpClient http;
  private final Clock clock;
  private volatile String token;
  private volatile Instant tokenExpires = Instant.EPOCH;

  public HttpRegistryIssuer(HttpIssuerSettings settings, Clock clock) {
    this.settings = settings;
    this.clock = clock;
    this.http = HttpClient.newBuilder().connectTimeout(settings.connectTimeout()).build();
  }

  @Override
  public IssuedDocument issue(IssueRequest request) {
    ObjectNode body = JSON.createObjectNode();
    body.put("organization", "0002");
    body.put("realtyType", "3");
    body.put("issueType", "1");
    body.put("ePrepayNo", nullToEmpty(settings.prepaidNumber()));
    body.put("ePrepayPass", nullToEmpty(settings.prepaidPassword()));
    body.put("originDataYN", "1");
    body.put("requestId", request.idempotencyKey());
    JsonNode answer;
    if (request.registryNumber() != null) {
      body.put("inquiryType", "0");
      body.put("uniqueNo", request.registryNumber().replace("-", ""));
      answer = call(body, true);
    } else {
      body.put("inquiryType", "1");
      body.put("address", request.address());
      body.put("dong", nullToEmpty(request.dong()));
      body.put("ho", nullToEmpty(request.ho()));
      answer = call(body, false);
      if (code(answer).equals("CF-03002")) {
        JsonNode data = answer.path("data");
        String uniqueNo = choose(data.path("extraInfo").path("resAddrList"), request);
        body.put("uniqueNo", uniqueNo);
        body.put("is2Way", true);
        ObjectNode twoWay = body.putObject("twoWayInfo");
        for (String field : new String[] {"jobIndex", "threadIndex", "jti", "twoWayTimestamp"}) {
          twoWay.set(field, data.path(field));
        }
        answer = call(body, true);
      }
    }
    if (!code(answer).equals("CF-00000")) {
      throw new IssuerException(
          IssuerFault.AUTOMATION_FAILED, "unexpected answer " + code(answer) + " to the issuance");
    }
    return document(answer.path("data"));
  }

  private static IssuedDocument document(JsonNode data) {
    String encoded = data.path("resOriGinalData").asString("");
    byte[] pdf;
    try {
      pdf = Base64.getMimeDecoder().decode(encoded);
    } catch (IllegalArgumentException e) {
      throw new IssuerException(
          IssuerFault.POSSIBLY_CHARGED, "the PDF is not valid base64", null, e);
    }
    return new IssuedDocument(pdf, data.path("resIssueNo").asString(""));
  }

  /**
   * Asks the result inquiry for the outcome of an earlier request id. A fault reaching the API is
   * thrown (transient: ask again later); an answer it gives is the outcome.
   */
  @Override
  public Refetch refetch(String idempotencyKey) {
    if (settings.resultPath() == null) {
      return Refetch.unknowable("the issuing API offers no result inquiry (result-path unset)");
    }
    ObjectNode body = JSON.createObjectNode();
    body.put("organization", "0002");
    body.put("requestId", idempotencyKey);
    JsonNode answer = post(settings.resultPath(), body, false);
    String code = code(answer);
    String message = answer.path("result").path("message").asString("");
    return switch (code) {
      case "CF-00000" -> {
        IssuedDocument document = document(answer.path("data"));
        yield document.pdf().length == 0
            ? Refetch.unknowable("the result inquiry answered without a document")
            : Refetch.found(document);
      }
      case "CF-13330" -> Refetch.notCharged(); // 요청 내역 없음
      case "CF-13331" -> Refetch.unknowable(code + " " + message); // 조회 가능 기간 경과
      default -> {
        IssuerFault fault = fault(code, false);
        if (fault.isTransient()) {
          throw new IssuerException(fault, "result inquiry: " + code + " " + message);
        }
        yield Refetch.unknowable("result inquiry: " + code + " " + message);
      }
    };
  }

  /** The current (or a main) property among the candidates; a match on 동/호 wins. */
  private static String choose(JsonNode candidates, IssueRequest request) {
    JsonNode best = null;
    for (JsonNode candidate : candidates) {
      if (!"현행".equals(candidate.path("resState").asString(""))) {
        continue;
      }
      String address = candidate.path("commAddrRoadName").asString("");
      boolean unit =
          (request.dong() == null || address.contains(request.dong() + "동"))
              && (request.ho() == null || address.contains(request.ho() + "호"));
      if (best == null || unit) {
        best = candidate;
        if (unit) {
          break;
        }
      }
    }
    if (best == null) {
      throw new IssuerException(
          IssuerFault.AUTOMATION_FAILED, "no current property found for " + request.address());
    }
    return best.path("commUniqueNo").asString();
  }

  private JsonNode call(ObjectNode body, boolean pays) {
    JsonNode answer = post(PRODUCT_PATH, body, pays);
    String code = code(answer);
    if (code.equals("CF-00000") || code.equals("CF-03002")) {
      return answer;
    }
    throw new IssuerException(
        fault(code, pays), code + " " + answer.path("result").path("message").asString(""));
  }

  /** One URL-encoded JSON request and its decoded answer; HTTP-level faults are thrown. */
  private JsonNode post(String path, ObjectNode body, boolean pays) {
    String encoded = URLEncoder.encode(JSON.writeValueAsString(body), StandardCharsets.UTF_8);
    HttpResponse<String> response =
        send(
            HttpRequest.newBuilder(settings.baseUrl().resolve(path))
                .timeout(settings.readTimeout())
                .header("Authorization", "Bearer " + token())
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(encoded))
                .build(),
            pays);
    if (response.statusCode() == 401) {
      token = null;
      throw new IssuerException(IssuerFault.INITIALISATION_FAILED, "the API refused the token");
    }
    httpFault(response, pays);
    try {
      return JSON.readTree(URLDecoder.decode(response.body(), StandardCharsets.UTF_8));
    } catch (RuntimeException e) {
      throw new IssuerException(
          pays ? IssuerFault.POSSIBLY_CHARGED : IssuerFault.AUTOMATION_FAILED,
          "unreadable answer: " + e.getMessage(),
          null,
          e);
    }
  }

  /** What a result code means for retrying and for payment. */
  static IssuerFault fault(String code, boolean pays) {
    return switch (code) {
      case "CF-00401", "CF-00025" -> IssuerFault.INITIALISATION_FAILED; // token, client
      case "CF-00016" -> IssuerFault.MAINTENANCE; // 기관 점검 시간
      case "CF-00018" -> IssuerFault.RATE_LIMITED; // 요청 한도 초과
      case "CF-01004" -> // 응답 대기 시간 초과: the site may have charged already
          pays ? IssuerFault.POSSIBLY_CHARGED : IssuerFault.TIMEOUT_BEFORE_PAYMENT;
      case "CF-13325" -> IssuerFault.DUPLICATE_PAYMENT; // 동일 건 결제 완료
      default -> IssuerFault.AUTOMATION_FAILED;
    };
  }

  private static void httpFault(HttpResponse<String> response, boolean pays) {
    int status = response.statusCode();
    if (status == 200) {
      return;
    }
    Duration retryAfter =
        response
            .headers()
            .firstValue("Retry-After")
            .map(s -> Duration.ofSeconds(Long.parseLong(s.strip())))
            .orElse(null);
    if (status == 429) {
      throw new IssuerException(IssuerFault.RATE_LIMITED, "HTTP 429", retryAfter, null);
    }
    if (status == 503) {
      throw new IssuerException(IssuerFault.MAINTENANCE, "HTTP 503", retryAfter, null);
    }
    throw new IssuerException(
        status >= 500 && pays ? IssuerFault.POSSIBLY_CHARGED : IssuerFault.NETWORK,
        "HTTP " + status);
  }

  private HttpResponse<String> send(HttpRequest request, boolean pays) {
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    } catch (HttpConnectTimeoutException | ConnectException e) {
      throw new IssuerException(IssuerFault.NETWORK, "cannot connect: " + e, null, e);
    } catch (HttpTimeoutException e) {
      throw new IssuerException(
          pays ? IssuerFault.POSSIBLY_CHARGED : IssuerFault.TIMEOUT_BEFORE_PAYMENT,
          "no answer within " + settings.readTimeout(),
          null,
          e);
    } catch (IOException e) {
      throw new IssuerException(
          pays ? IssuerFault.POSSIBLY_CHARGED : IssuerFault.NETWORK, e.toString(), null, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IssuerException(
          pays ? IssuerFault.POSSIBLY_CHARGED : IssuerFault.NETWORK, "interrupted", null, e);
    }
  }

  private String token() {
    String current = token;
    if (current != null && clock.instant().isBefore(tokenExpires)) {
      return current;
    }
    synchronized (this) {
      if (token != null && clock.instant().isBefore(tokenExpires)) {
        return token;
      }
      String basic =
          Base64.getEncoder()
              .encodeToString(
                  (settings.clientId() + ":" + settings.clientSecret())
                      .getBytes(StandardCharsets.UTF_8));
      HttpResponse<String> response =
          send(
              HttpRequest.newBuilder(settings.tokenUrl())
                  .timeout(settings.readTimeout())
                  .header("Authorization", "Basic " + basic)
                  .header("Content-Type", "application/x-www-form-urlencoded")
                  .POST(
                      HttpRequest.BodyPublishers.ofString(
                          "grant_type=client_credentials&scope=read"))
                  .build(),
              false);
      if (response.statusCode() == 401 || response.statusCode() == 400) {
        throw new IssuerException(
            IssuerFault.INITIALISATION_FAILED, "the token endpoint refused the credentials");
      }
      httpFault(response, false);
      JsonNode answer = JSON.readTree(response.body());
      token = answer.path("access_token").asString();
      long seconds = answer.path("expires_in").asLong(3600);
      tokenExpires = clock.instant().plusSeconds(Math.max(0, seconds - 60));
      return token;
    }
  }

  private static String code(JsonNode answer) {
    return answer.path("result").path("code").asString("");
  }

  private static String nullToEmpty(String s) {
    return s == null ? "" : s;
  }

  URI baseUrl() {
    return settings.baseUrl();
  }
}
