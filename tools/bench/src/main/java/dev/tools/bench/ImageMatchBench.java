package dev.tools.bench;

import com.sun.net.httpserver.HttpServer;
import dev.dongchimi.ProductNames;
import dev.dongchimi.adapter.ai.openai.OpenAiProductAi;
import dev.dongchimi.adapter.ai.openai.OpenAiSettings;
import dev.dongchimi.ai.ImageCandidate;
import dev.dongchimi.ai.ProductAi;
import dev.dongchimi.importer.local.Lexicon;
import dev.dongchimi.importer.local.LocalProductAi;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Image matching accuracy on labelled cases (resources {@code image-matching/}: {@code holdout} and
 * {@code dev} built from real listings, {@code smoke-dev} and {@code smoke-holdout} hand-written):
 * top-1 accuracy (the right candidate, or "none" when none is right) and the precision of "none"
 * (of the cases a matcher answered none, how many had no right candidate), for the local matcher
 * and for the OpenAI-compatible adapter, each with the mart's raw name and with the names after
 * {@code ProductNames.clean} (the import's preprocessing; see {@link Names}).
 *
 * <p>The adapter talks to {@code --base-url} (a real model, with {@code --model} and the key in
 * {@code OPENAI_API_KEY}) or, by default, to a loopback fake whose "model" scores candidates by the
 * share of the name's tokens in the title: it measures the pipeline and the preprocessing's effect
 * on a token matcher, not a language model.
 */
public final class ImageMatchBench {
  record Case(String name, int answer, List<String> titles) {}

  record Score(int cases, int right, int saidNone, int noneRight) {
    String line(String who, String names) {
      return String.format(
          "%-34s %-13s %5.1f %% (%d/%d)   none precision %s",
          who,
          names,
          100.0 * right / cases,
          right,
          cases,
          saidNone == 0
              ? "—  (never said none)"
              : String.format(
                  "%5.1f %% (%d/%d)", 100.0 * noneRight / saidNone, noneRight, saidNone));
    }
  }

  public static void main(String[] args) throws Exception {
    String split = "holdout";
    String baseUrl = null;
    String model = "fake-token-overlap";
    for (String a : args) {
      if (a.startsWith("--split=")) split = a.substring(8);
      else if (a.startsWith("--base-url=")) baseUrl = a.substring(11);
      else if (a.startsWith("--model=")) model = a.substring(8);
    }
    List<Case> cases = load(split);
    System.out.println("image matching, " + split + " set: " + cases.size() + " cases");
    List<ProductAi> matchers = new ArrayList<>();
    matchers.add(new LocalProductAi(Lexicon.load()));
    HttpServer fake = null;
    if (baseUrl == null) {
      fake = fakeModel();
      baseUrl = "http://127.0.0.1:" + fake.getAddress().getPort() + "/v1";
    }
    String key = Optional.ofNullable(System.getenv("OPENAI_API_KEY")).orElse("sk-bench");
    matchers.add(
        new OpenAiProductAi(
            new OpenAiSettings(
                URI.create(baseUrl), model, key, Duration.ofSeconds(5), Duration.ofSeconds(60))));
    try {
      for (ProductAi ai : matchers) {
        String who =
            ai instanceof LocalProductAi ? "local matcher" : "openai adapter (" + model + ")";
        for (Names names : Names.values()) {
          System.out.println(score(ai, cases, names).line(who, names.label));
        }
      }
    } finally {
      if (fake != null) {
        fake.stop(0);
      }
    }
  }

  /**
   * The name a matcher is given: the mart's raw name; the import's cleaned base name (what the
   * import sends today: promotions, notes and the size out); the cleaned name with its canonical
   * size and pack ("서울우유 1L", "생수 2L×24").
   */
  enum Names {
    RAW("raw names"),
    CLEANED("cleaned"),
    CLEANED_WITH_SIZE("cleaned+size");

    final String label;

    Names(String label) {
      this.label = label;
    }

    String of(String raw) {
      return switch (this) {
        case RAW -> raw;
        case CLEANED -> ProductNames.clean(raw).baseName();
        case CLEANED_WITH_SIZE -> ProductNames.clean(raw).display();
      };
    }
  }

  static Score score(ProductAi ai, List<Case> cases, Names names) throws Exception {
    int right = 0, saidNone = 0, noneRight = 0;
    for (Case c : cases) {
      String name = names.of(c.name());
      List<ImageCandidate> candidates = new ArrayList<>();
      for (int i = 0; i < c.titles().size(); i++) {
        candidates.add(
            new ImageCandidate("https://img.bench.test/" + (i + 1) + ".jpg", c.titles().get(i)));
      }
      Optional<String> url = ai.matchImage(name, candidates);
      int chosen = url.map(u -> Integer.parseInt(u.replaceAll("\\D", ""))).orElse(0);
      if (chosen == c.answer()) right++;
      if (chosen == 0) {
        saidNone++;
        if (c.answer() == 0) noneRight++;
      }
    }
    return new Score(cases.size(), right, saidNone, noneRight);
  }

  static List<Case> load(String split) throws IOException {
    String resource = "/image-matching/" + split + ".tsv";
    try (InputStream in = ImageMatchBench.class.getResourceAsStream(resource)) {
      if (in == null) throw new IllegalArgumentException("no labelled set " + resource);
      List<Case> cases = new ArrayList<>();
      BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      for (String line; (line = reader.readLine()) != null; ) {
        if (line.isBlank()) continue;
        String[] f = line.split("\t");
        cases.add(new Case(f[0], Integer.parseInt(f[1]), List.of(f[2].split(" \\| "))));
      }
      return cases;
    }
  }

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final Pattern CANDIDATE =
      Pattern.compile("(?m)^(\\d+)\\. (\"(?:[^\"\\\\]|\\\\.)*\") ");
  private static final Pattern NAME = Pattern.compile("상품명: (\"(?:[^\"\\\\]|\\\\.)*\")");

  /** A loopback chat-completions server whose answer is the best token overlap, 0 under 60 %. */
  static HttpServer fakeModel() throws IOException {
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/v1/chat/completions",
        ex -> {
          JsonNode body = JSON.readTree(ex.getRequestBody());
          JsonNode messages = body.get("messages");
          String user = messages.get(messages.size() - 1).get("content").asString();
          String answer;
          Matcher n = NAME.matcher(user);
          if (user.contains("후보:") && n.find()) {
            Set<String> name = tokens(JSON.readValue(n.group(1), String.class));
            int best = 0;
            double bestScore = 0;
            Matcher m = CANDIDATE.matcher(user);
            while (m.find()) {
              Set<String> title = tokens(JSON.readValue(m.group(2), String.class));
              long shared = name.stream().filter(title::contains).count();
              double s = name.isEmpty() ? 0 : (double) shared / name.size();
              if (s > bestScore) {
                bestScore = s;
                best = Integer.parseInt(m.group(1));
              }
            }
            answer = "{\"index\": " + (bestScore >= 0.6 ? best : 0) + "}";
          } else {
            answer = "{\"category\": \"OTHER\"}";
          }
          var out = JSON.createObjectNode();
          out.put("id", "bench").put("object", "chat.completion").put("model", "fake");
          var choice = out.putArray("choices").addObject();
          choice.put("index", 0).put("finish_reason", "stop");
          choice.putObject("message").put("role", "assistant").put("content", answer);
          byte[] bytes = JSON.writeValueAsBytes(out);
          ex.getResponseHeaders().set("Content-Type", "application/json");
          ex.sendResponseHeaders(200, bytes.length);
          try (OutputStream os = ex.getResponseBody()) {
            os.write(bytes);
          }
        });
    server.start();
    return server;
  }

  /**
   * Normalised tokens: letters and digits runs, sizes kept whole ("1.5l", "120g"), "x"/"*" dropped.
   */
  static Set<String> tokens(String text) {
    Set<String> tokens = new HashSet<>();
    String n = java.text.Normalizer.normalize(text, java.text.Normalizer.Form.NFKC).toLowerCase();
    for (String t : n.replaceAll("[^\\p{L}\\p{N}.]+", " ").split(" ")) {
      if (!t.isBlank()) tokens.add(t);
    }
    return tokens;
  }
}
