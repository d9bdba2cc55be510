import { describe, expect, it } from "vitest";
import { searchTerms } from "~/modules/catalog/search-query";
import { toTsquery } from "~/modules/catalog/search.server";
import { buildVocabulary, correctTerms, similarity, trigrams } from "~/modules/catalog/spelling";

describe("trigram similarity (as pg_trgm computes it)", () => {
  it("pads words like pg_trgm", () => {
    expect([...trigrams("cat")].sort()).toEqual(["  c", " ca", "at ", "cat"].sort());
  });
  it("matches pg_trgm's figures", () => {
    expect(similarity("jaket", "jacket")).toBeCloseTo(0.4444, 3); // select similarity('jaket','jacket')
    expect(similarity("hoodie", "hoodie")).toBe(1);
    expect(similarity("abc", "xyz")).toBe(0);
  });
});

describe("searchTerms and the full-text query", () => {
  it("keeps hyphenated words together as phrases", () => {
    expect(searchTerms("Cotton T-Shirt")).toEqual(["cotton", "t shirt"]);
    expect(searchTerms("  men's  hoodie!! ")).toEqual(["men", "hoodie"]);
    expect(toTsquery(["cotton", "t shirt"])).toBe("cotton:* & (t:* <-> shirt:*)");
  });
  it("cannot be led into tsquery syntax", () => {
    expect(toTsquery(searchTerms("ab & cd | !ef <-> (gh) 'ij' \\ %_"))).toBe("ab:* & cd:* & ef:* & gh:* & ij:*");
  });
});

describe("correctTerms", () => {
  const vocabulary = buildVocabulary(["essential", "fleece", "hoodie", "t-shirt", "jacket", "men's", "waxed", "field"]);

  it("keeps words the catalogue has, and beginnings of its words", () => {
    expect(correctTerms(["hoodie"], vocabulary)).toBeNull();
    expect(correctTerms(["hood"], vocabulary)).toBeNull();
    expect(correctTerms(["shirt"], vocabulary)).toBeNull();
  });
  it("replaces a misspelt word by the closest catalogue word", () => {
    expect(correctTerms(["jaket"], vocabulary)).toEqual(["jacket"]);
    expect(correctTerms(["waxd", "jaket"], vocabulary)).toEqual(["waxed", "jacket"]);
    expect(correctTerms(["hodie"], vocabulary)).toEqual(["hoodie"]);
  });
  it("turns a word written without its hyphen into the catalogue's words", () => {
    expect(correctTerms(["tshirt"], vocabulary)).toEqual(["t shirt"]);
  });
  it("leaves words with no close match, numbers and short words alone", () => {
    expect(correctTerms(["zzzq"], vocabulary)).toBeNull();
    expect(correctTerms(["42"], vocabulary)).toBeNull();
    expect(correctTerms(["xy"], vocabulary)).toBeNull();
  });
});
