import { describe, expect, it } from "vitest";
import { parseValues } from "~/lib/forms";
import { demoReviewsFor, ratingsFor } from "#db/seed/demo-reviews";
import {
  authorNameOf,
  charCount,
  FIT_ANSWERS,
  fitLabel,
  hiddenLabel,
  plainLine,
  plainText,
  REVIEW_MESSAGES,
  reviewFormSchema,
  statusAfterEdit,
  statusOfNew,
} from "~/modules/reviews/review-rules";

const valid = { rating: "5", fit: "true", title: "Great", text: "Fits well and feels good." };
const parse = (values: Record<string, string>, fitRequired = true) =>
  parseValues(reviewFormSchema({ fitRequired }), values);

describe("the review form's schema", () => {
  it("takes a whole rating 1–5, a fit answer stored as small|true|large, a title and a text", () => {
    expect(parse(valid)).toEqual({
      ok: true,
      data: { rating: 5, fit: "true", title: "Great", text: "Fits well and feels good." },
    });
    for (const rating of ["0", "6", "4.5", "", "five", " 3x"]) {
      expect(parse({ ...valid, rating })).toEqual({ ok: false, errors: { rating: REVIEW_MESSAGES.ratingRequired } });
    }
    for (const fit of ["", "tight", "Runs small", "TRUE"]) {
      expect(parse({ ...valid, fit })).toEqual({ ok: false, errors: { fit: REVIEW_MESSAGES.fitRequired } });
    }
    // A product without sizes may leave the fit unanswered.
    expect(parse({ ...valid, fit: "" }, false)).toMatchObject({ ok: true, data: { fit: null } });
  });

  it("bounds the title (1–120) and the text (10–4000) in characters as the database counts them", () => {
    expect(parse({ ...valid, title: "  \n " })).toEqual({
      ok: false,
      errors: { title: REVIEW_MESSAGES.titleRequired },
    });
    expect(parse({ ...valid, title: "t".repeat(120) }).ok).toBe(true);
    expect(parse({ ...valid, title: "t".repeat(121) })).toEqual({
      ok: false,
      errors: { title: REVIEW_MESSAGES.titleTooLong },
    });
    expect(parse({ ...valid, text: "too short" })).toEqual({
      ok: false,
      errors: { text: REVIEW_MESSAGES.textTooShort },
    });
    expect(parse({ ...valid, text: "x".repeat(4000) }).ok).toBe(true);
    expect(parse({ ...valid, text: "x".repeat(4001) })).toEqual({
      ok: false,
      errors: { text: REVIEW_MESSAGES.textTooLong },
    });
    // 4000 emoji are 8000 UTF-16 units but 4000 characters.
    expect(parse({ ...valid, text: "👍".repeat(4000) }).ok).toBe(true);
    expect(charCount("👍é")).toBe(2);
  });

  it("keeps text as typed, plain: markup stays characters, control characters go, newlines are normalised", () => {
    expect(plainText("<b>bold</b> & <script>x</script>")).toBe("<b>bold</b> & <script>x</script>");
    expect(plainText("a\r\nb\rc\u0000d\u0007e\u202ef\u200bg\tz")).toBe("a\nb\ncdefg z");
    expect(plainText("  one\n\n\n\n\ntwo   \n")).toBe("one\n\ntwo");
    expect(plainLine("A\ntitle\r\n  here")).toBe("A title here");
    expect(parse({ ...valid, title: "<img src=x onerror=alert(1)>" })).toMatchObject({
      ok: true,
      data: { title: "<img src=x onerror=alert(1)>" },
    });
  });
});

describe("the rest of the rules", () => {
  it("signs a review with the first name and the last name's initial, at most 60 characters", () => {
    expect(authorNameOf("Maya", "okafor")).toBe("Maya O.");
    expect(authorNameOf("  Jean-Luc ", "")).toBe("Jean-Luc");
    expect(authorNameOf("", "", "Ada Grace Lovelace")).toBe("Ada L.");
    expect(authorNameOf(null, null, "")).toBe("Customer");
    expect(authorNameOf("É".repeat(80), "Zed").length).toBeLessThanOrEqual(60);
  });

  it("names the fit answers and statuses word for word", () => {
    expect(FIT_ANSWERS.map((a) => a.label)).toEqual(["Runs small", "True to size", "Runs large"]);
    expect(fitLabel("small")).toBe("Runs small");
    expect(fitLabel(null)).toBeNull();
    expect(hiddenLabel("Spam")).toBe("Hidden: Spam");
    expect(REVIEW_MESSAGES.published).toBe("Thanks — your review is published");
    expect(REVIEW_MESSAGES.held).toBe("Thanks — your review will appear once it has been checked");
  });

  it("applies the owner's hold to new reviews and to edits; a hidden review stays hidden", () => {
    expect(statusOfNew("publish")).toBe("published");
    expect(statusOfNew("hold")).toBe("held");
    expect(statusAfterEdit("published", "hold")).toBe("held");
    expect(statusAfterEdit("published", "publish")).toBe("published");
    expect(statusAfterEdit("held", "publish")).toBe("held");
    expect(statusAfterEdit("hidden", "publish")).toBe("hidden");
  });
});

describe("the demo catalogue's reviews", () => {
  it("average to the rating the catalogue used to seed, the same every run", () => {
    for (const target of [3.6, 3.9, 4.2, 4.5, 4.7, 4.8, 5]) {
      for (const n of [3, 4, 5, 6, 7]) {
        for (const spread of [false, true]) {
          const ratings = ratingsFor(target, n, spread);
          expect(ratings).toHaveLength(n);
          expect(ratings.every((r) => Number.isInteger(r) && r >= 1 && r <= 5)).toBe(true);
          const average = ratings.reduce((a, b) => a + b, 0) / n;
          expect(Math.abs(average - target), `${target} × ${n}`).toBeLessThanOrEqual(0.17);
        }
      }
    }
    const product = {
      slug: "classic-tee",
      rating: 4.6,
      reviewCount: 120,
      sizes: ["S", "M", "L"],
      colors: ["Black"],
      daysOld: 40,
    };
    expect(demoReviewsFor(product)).toEqual(demoReviewsFor(product));
    const reviews = demoReviewsFor(product);
    expect(reviews.length).toBeGreaterThanOrEqual(3);
    expect(reviews.every((r) => r.fit !== null && product.sizes.includes(r.size))).toBe(true);
    expect(demoReviewsFor({ ...product, sizes: [] }).every((r) => r.fit === null && r.size === "")).toBe(true);
  });
});

describe("the review form's body limit", () => {
  it("gives the review pages room for 4 photos of 8 MB and nothing more to other spellings", async () => {
    const { bodyLimitFor, DEFAULT_BODY_LIMIT, takesUploads } = await import("~/lib/http/body-limits");
    const id = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
    for (const path of ["/reviews/new", "/reviews/new.data", `/reviews/${id}/edit`, `/reviews/${id}/edit.data`]) {
      expect(bodyLimitFor(path), path).toBe(4 * 8 * 1024 * 1024 + DEFAULT_BODY_LIMIT);
      expect(takesUploads(path), path).toBe(true);
    }
    for (const path of ["/reviews/new/", "/reviews/x/edit", "/reviews", `/reviews/${id}`]) {
      expect(bodyLimitFor(path), path).toBe(DEFAULT_BODY_LIMIT);
    }
  });
});
