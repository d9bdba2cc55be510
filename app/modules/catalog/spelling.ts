/**
 * Typo tolerance for search: words of the query that the catalogue does not contain are
 * replaced by the closest catalogue word ("jaket" → "jacket", "tshirt" → "t shirt"), using the
 * trigram similarity of PostgreSQL's pg_trgm, computed here over the catalogue's vocabulary.
 */

/** pg_trgm's trigrams of a word: lowercased, padded with two spaces before and one after. */
export function trigrams(word: string): Set<string> {
  const padded = `  ${word.toLowerCase()} `;
  const set = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  return set;
}

/** pg_trgm `similarity`: shared trigrams over all distinct trigrams of both words. */
export function similarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / (ta.size + tb.size - shared);
}

/** Catalogue words: each maps to the search term it stands for ("tshirt" stands for the phrase "t shirt"). */
export type Vocabulary = Map<string, string>;

/** Builds the vocabulary from catalogue words such as "t-shirt", "hoodie", "men's". */
export function buildVocabulary(words: Iterable<string>): Vocabulary {
  const vocabulary: Vocabulary = new Map();
  for (const raw of words) {
    const parts =
      raw
        .toLowerCase()
        .normalize("NFKD")
        .match(/[a-z0-9]+/g) ?? [];
    const letters = parts.filter((p) => /[a-z]/.test(p));
    for (const part of letters) if (part.length >= 2 && !vocabulary.has(part)) vocabulary.set(part, part);
    if (letters.length > 1) vocabulary.set(letters.join(""), letters.join(" "));
  }
  return vocabulary;
}

export const MIN_SIMILARITY = 0.35;

/**
 * The query's terms with unknown words replaced by their closest catalogue word. A term that
 * starts a catalogue word is kept (as-you-type); short terms and numbers are kept as they are.
 * Returns null when nothing was changed.
 */
export function correctTerms(terms: string[], vocabulary: Vocabulary): string[] | null {
  let changed = false;
  const corrected = terms.map((term) => {
    const known = vocabulary.get(term);
    if (known) {
      if (known !== term) changed = true; // "tshirt" → "t shirt"
      return known;
    }
    if (term.length < 3 || /^\d+$/.test(term) || term.includes(" ")) return term;
    for (const word of vocabulary.keys()) if (word.startsWith(term)) return term;
    let best: { word: string; score: number } | null = null;
    for (const word of vocabulary.keys()) {
      const score = similarity(term, word);
      if (score >= MIN_SIMILARITY && (!best || score > best.score)) best = { word, score };
    }
    if (!best) return term;
    changed = true;
    return vocabulary.get(best.word)!;
  });
  return changed ? corrected : null;
}
