package dev.dongchimi.importer.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.ko.KoreanTokenizer;
import org.apache.lucene.analysis.ko.POS;
import org.apache.lucene.analysis.ko.tokenattributes.PartOfSpeechAttribute;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

/**
 * The nouns of a product name by Lucene's Nori (mecab-ko-dic), compounds split into their parts
 * ("바나나맛우유" → 바나나, 맛, 우유), so the last noun is the head of the compound, as Korean puts it. Flavour
 * words do not count: a noun right before 맛 or 향 ("와사비맛 아몬드", "딸기향 우유") names the taste, not the
 * product, and is dropped with the 맛 itself. Thread-safe: the analyser keeps one tokenizer per
 * thread.
 */
final class Morphemes {
  /** Nouns (common, proper), foreign words and hanja: the parts of speech that name things. */
  private static final Set<POS.Tag> NAMING =
      Set.of(POS.Tag.NNG, POS.Tag.NNP, POS.Tag.SL, POS.Tag.SH);

  private static final Set<String> FLAVOUR_MARKS = Set.of("맛", "향");

  private static final Analyzer NORI =
      new Analyzer() {
        @Override
        protected TokenStreamComponents createComponents(String field) {
          return new TokenStreamComponents(
              new KoreanTokenizer(
                  TokenStream.DEFAULT_TOKEN_ATTRIBUTE_FACTORY,
                  null,
                  KoreanTokenizer.DecompoundMode.DISCARD,
                  false));
        }
      };

  private Morphemes() {}

  /** The naming morphemes of a text, in order, flavour words left out. */
  static List<String> nouns(String text) {
    List<String> words = new ArrayList<>();
    List<Boolean> naming = new ArrayList<>();
    try (TokenStream stream = NORI.tokenStream("name", text)) {
      CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
      PartOfSpeechAttribute pos = stream.addAttribute(PartOfSpeechAttribute.class);
      stream.reset();
      while (stream.incrementToken()) {
        words.add(term.toString());
        naming.add(pos.getLeftPOS() != null && NAMING.contains(pos.getLeftPOS()));
      }
      stream.end();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<String> nouns = new ArrayList<>();
    for (int i = 0; i < words.size(); i++) {
      String word = words.get(i);
      if (FLAVOUR_MARKS.contains(word)) {
        if (!nouns.isEmpty() && i > 0 && naming.get(i - 1)) {
          nouns.removeLast();
        }
        continue;
      }
      if (naming.get(i)) {
        nouns.add(word);
      }
    }
    return nouns;
  }
}
