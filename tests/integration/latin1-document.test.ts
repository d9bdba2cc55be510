import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertReviews } from "~/modules/reviews/review-store.server";
import { insertTestProducts, testReview } from "../support/catalog-fixtures";
import { asRead } from "../support/html";
import { signUp } from "../support/sessions";
import { databaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * Decision 0050: a page whose words go beyond Latin-1 — the shop's own dashes, an owner's curly quotes, a
 * shopper's emoji — is sent with those characters escaped, so the server keeps it in one byte a
 * character, and the browser reads the same words in the markup, the structured data and React Router's
 * hydration data.
 */
let server: TestServer;
const SLUG = "latin1-wrap-dress";
const NAME = "Wrap Dress — “Nuit” 🌙";
const DESCRIPTION = "Cut on the bias – it’s fluid, and it drapes.";
const REVIEW = { title: "Perfect fit ✨", body: "It’s true to size — I’m 5′6″ and wear an M. 👗" };
const beyondLatin1 = /[^\0-\xff]/;
/** The text as the browser reads it: numeric references (decision 0050), then React's named ones. */
const decoded = (text: string) =>
  asRead(text)
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");

beforeAll(async () => {
  server = await startTestServer({ PAGE_CACHE_SECONDS: "600" });
  const db = server.services().database.db;
  const [dress] = await insertTestProducts(db, [
    {
      name: NAME,
      slug: SLUG,
      sku: "LATIN1-WRAP",
      description: DESCRIPTION,
      priceCents: 8_900,
      sizes: ["S", "M"],
      colors: [],
      variants: ["S", "M"].map((size) => ({ size, color: "", stock: 5 })),
    },
  ]);
  await insertReviews(db, [testReview({ productId: dress!.id, ...REVIEW, fit: "true", authorName: "Zoë K." })]);
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

describe(`a page beyond Latin-1, sent in Latin-1 (${databaseKind})`, () => {
  it.each([
    ["a guest", async () => ({})],
    ["a signed-in shopper", async () => ({ cookie: (await signUp(server, "latin1.shopper@example.com")).cookie })],
  ])("gives %s the same words in the markup, the structured data and the hydration data", async (_, headers) => {
    const res = await fetch(`${server.url}/product/${SLUG}`, { headers: await headers() });
    expect(res.status).toBe(200);
    const html = await res.text();

    // Not one character beyond Latin-1 in what was sent, yet every word is there.
    expect(beyondLatin1.test(html)).toBe(false);
    const text = decoded(html.replace(/<!-- -->/g, ""));
    for (const words of [NAME, DESCRIPTION, REVIEW.title, REVIEW.body]) expect(text).toContain(words);
    expect(html).toContain("&#8212;");

    // The structured data, as a search engine reads it.
    const ld = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!;
    const product = JSON.parse(ld) as { name: string; description: string; review?: { reviewBody: string }[] };
    expect(product.name).toBe(NAME);
    expect(product.description).toBe(DESCRIPTION);

    // React Router's hydration data, as the browser's script reads it: a string literal of turbo-stream JSON.
    const literal = /streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/.exec(html)![1]!;
    const values = JSON.parse(JSON.parse(literal) as string) as unknown[];
    expect(values).toContain(NAME);
    expect(values).toContain(REVIEW.body);
  });
});
