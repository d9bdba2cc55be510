import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, reviews, reviewVotes } from "#db/schema/index";
import { queryRows } from "~/lib/db/client.server";
import type { FitVote } from "~/modules/fit/fit-types";
import { insertReviews, type NewReview } from "~/modules/reviews/review-store.server";
import { insertTestProducts, testReview } from "../support/catalog-fixtures";
import { testAddress } from "../support/fixtures";
import { signUp } from "../support/sessions";
import { databaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";
import { asRead } from "../support/html";

/**
 * The product page's reviews (issue 29) through the real HTTP server: rendered on the server with the fit
 * summary, filtered, sorted and paged by the URL, never showing held or hidden reviews, every field as
 * text (in the HTML and in the JSON-LD), and 'Was this helpful?' counted once per visitor.
 */
let server: TestServer;
const db = () => server.services().database.db;
let productId = "";
const SLUG = "review-tee";
const QUIET = "quiet-tee";
const PHOTO = `/media/${"a".repeat(64)}/400.webp`;
const XSS = {
  title: `</script><script>alert("title")</script>`,
  body: `<img src=x onerror=alert("body")> and </script>`,
  author: `<b onmouseover=alert("author")>Eve</b>`,
  reply: `<script>alert("reply")</script></script>`,
  size: `<i>XL</i>`,
};

/** The page's HTML without React's text-boundary comments. */
const textOf = async (res: Response) => asRead((await res.text()).replace(/<!-- -->/g, ""));
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { redirect: "manual", headers });
async function page(path: string): Promise<string> {
  const res = await get(path);
  expect(res.status, path).toBe(200);
  return textOf(res);
}
/** The review titles a page lists, in order (each review's heading). */
const titlesOf = (html: string) =>
  [...html.matchAll(/<h3 id="review-title-[^"]+"[^>]*>([^<]*)<\/h3>/g)].map((m) => m[1]!);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const productLd = (html: string): Record<string, any> =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => JSON.parse(m[1]!))
    .find((block) => block["@type"] === "Product");

/** The published reviews written below, as the test keeps them (title → fields). */
interface Written {
  title: string;
  rating: number;
  size: string;
  fit: FitVote | null;
  photos: boolean;
  at: number;
}
const published: Written[] = [];

function review(fields: Partial<NewReview> & { title: string }): NewReview {
  return testReview({ productId, body: "Good tee.", authorName: "Ann B.", ...fields });
}

beforeAll(async () => {
  // Lifetimes far longer than the test: what changes on a page was emptied by catalog.changed, not expired.
  server = await startTestServer({ PAGE_CACHE_SECONDS: "600" });
  const [tee] = await insertTestProducts(db(), [
    {
      name: "Review Tee",
      slug: SLUG,
      sku: "REV-TEE",
      description: "A tee with reviews.",
      priceCents: 3_000,
      sizes: ["S", "M", "L"],
      colors: [],
      variants: ["S", "M", "L"].map((size) => ({ size, color: "", stock: 10 })),
    },
    {
      name: "Quiet Tee",
      slug: QUIET,
      sku: "QUIET-TEE",
      description: "A tee nobody reviewed.",
      priceCents: 3_000,
      sizes: ["M"],
      colors: [],
      variants: [{ size: "M", color: "", stock: 10 }],
    },
  ]);
  productId = tee!.id;
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

describe(`the product page's reviews (${databaseKind})`, () => {
  it("shows 'No reviews yet…' without reviews, and no rating in JSON-LD", async () => {
    const html = await page(`/product/${QUIET}`);
    expect(html).toContain("Reviews (0)");
    expect(html).toContain("No reviews yet. Be the first to review this product!");
    expect(productLd(html)).not.toHaveProperty("aggregateRating");
  });

  it("shows reviews written through the one write path once their write announces catalog.changed", async () => {
    const before = await page(`/product/${SLUG}`);
    expect(before).toContain("No reviews yet. Be the first to review this product!");

    // A verified buyer's review of a delivered order line, by SQL as the order flow would leave it.
    const buyer = await signUp(server, `reviews-buyer-${databaseKind}@example.com`);
    const [order] = await db()
      .insert(orders)
      .values({
        orderNumber: `REV-${databaseKind}-1`,
        userId: buyer.id,
        status: "delivered",
        paymentStatus: "paid",
        subtotalCents: 3000,
        totalCents: 3000,
        shippingAddress: testAddress,
        customerEmail: testAddress.email,
      })
      .returning({ id: orders.id });
    const [line] = await db()
      .insert(orderItems)
      .values({
        orderId: order!.id,
        productId,
        productName: "Review Tee",
        productSku: "REV-TEE-M",
        size: "M",
        quantity: 1,
        unitPriceCents: 3000,
        totalPriceCents: 3000,
      })
      .returning({ id: orderItems.id });

    // 24 published reviews over sizes, ratings and fits; one held, one hidden; one made of markup.
    const fits: Array<FitVote | null> = ["small", "small", "true", "large", null];
    const list: NewReview[] = [];
    const start = Date.UTC(2026, 9, 1);
    for (let i = 0; i < 22; i++) {
      const w: Written = {
        title: `Review ${String(i).padStart(2, "0")}`,
        rating: 1 + (i % 5),
        size: ["S", "M", "L"][i % 3]!,
        fit: fits[i % 5]!,
        photos: i % 4 === 0,
        at: start + i * 3_600_000,
      };
      published.push(w);
      list.push(
        review({
          title: w.title,
          rating: w.rating,
          size: w.size,
          fit: w.fit,
          photos: w.photos ? [PHOTO] : [],
          createdAt: new Date(w.at),
        }),
      );
    }
    list.push(review({ title: "HELD-SECRET", status: "held", createdAt: new Date(start + 30 * 3_600_000) }));
    list.push(review({ title: "HIDDEN-SECRET", status: "hidden", createdAt: new Date(start + 31 * 3_600_000) }));
    const xssAt = start + 40 * 3_600_000;
    list.push(
      review({
        title: XSS.title,
        body: XSS.body,
        authorName: XSS.author,
        size: XSS.size,
        rating: 2,
        fit: "large",
        createdAt: new Date(xssAt),
      }),
    );
    published.push({ title: XSS.title, rating: 2, size: XSS.size, fit: "large", photos: false, at: xssAt });
    const verifiedAt = start + 50 * 3_600_000;
    list.push(
      review({
        title: "Verified and true",
        userId: buyer.id,
        orderId: order!.id,
        orderItemId: line!.id,
        verified: true,
        rating: 4,
        fit: "true",
        createdAt: new Date(verifiedAt),
      }),
    );
    published.push({ title: "Verified and true", rating: 4, size: "M", fit: "true", photos: false, at: verifiedAt });
    await insertReviews(db(), list);
    await db().update(reviews).set({ reply: XSS.reply, repliedAt: new Date() }).where(eq(reviews.title, XSS.title));

    // Behind the caches' back: the cached page does not know yet.
    expect(await page(`/product/${SLUG}`)).toContain("No reviews yet.");
    await server.services().catalog.invalidateCatalog("reviews written");
    const after = await page(`/product/${SLUG}`);
    expect(after).not.toContain("No reviews yet.");
    expect(after).toContain(`Reviews (${published.length})`);
  });

  it("renders the aggregates, the stars and the fit summary per size on the server, equal to the stored sums", async () => {
    const html = await page(`/product/${SLUG}`);
    const [stored] = await queryRows<{ rating: number; count: number }>(
      db(),
      sql`select rating::float as rating, review_count as count from products where id = ${productId}`,
    );
    expect(stored!.count).toBe(published.length);
    const sum = published.reduce((s, r) => s + r.rating, 0);
    expect(stored!.rating).toBe(Math.round((sum * 10) / published.length) / 10);
    expect(html).toContain(`>${stored!.rating.toFixed(1)}</p>`);
    expect(html).toContain(`Based on ${stored!.count} reviews`);
    const ld = productLd(html);
    expect(ld.aggregateRating).toMatchObject({ ratingValue: stored!.rating, reviewCount: stored!.count });

    for (const stars of [5, 4, 3, 2, 1]) {
      const n = published.filter((r) => r.rating === stars).length;
      const percent = Math.round((n * 100) / published.length);
      expect(html).toContain(`${n} (${percent}%)`);
      expect(html).toContain(`href="/product/${SLUG}?reviews_rating=${stars}#reviews-list"`);
    }

    // The fit summary, worked out here from what was written.
    for (const size of ["S", "M", "L"]) {
      const answers = published.filter((r) => r.size === size && r.fit !== null);
      const by = (fit: FitVote) => answers.filter((r) => r.fit === fit).length;
      const [small, fitsTrue, large] = [by("small"), by("true"), by("large")];
      const [word, lead] =
        fitsTrue >= small && fitsTrue >= large
          ? ["true to size", fitsTrue]
          : small >= large
            ? ["runs small", small]
            : ["runs large", large];
      const line = `Size ${size} — ${answers.length} ${answers.length === 1 ? "review" : "reviews"}: ${Math.round((lead * 100) / answers.length)}% ${word}`;
      expect(html).toContain(line);
    }
    // Sizes without fit answers are left out (none here); the markup size is text.
    expect(html).toContain("Size &lt;i&gt;XL&lt;/i&gt; — 1 review: 100% runs large");
  });

  it("lists the newest first, 10 a page, and pages through them", async () => {
    const newest = [...published].sort((a, b) => b.at - a.at).map((r) => r.title);
    const first = titlesOf(await page(`/product/${SLUG}`));
    expect(first).toHaveLength(10);
    expect(first.map(unescape)).toEqual(newest.slice(0, 10));
    const second = titlesOf(await page(`/product/${SLUG}?reviews_page=2`));
    expect(second.map(unescape)).toEqual(newest.slice(10, 20));
    const third = await page(`/product/${SLUG}?reviews_page=3`);
    expect(titlesOf(third).map(unescape)).toEqual(newest.slice(20));
    expect(third).toContain("Page 3 of 3");
    // A page past the last shows the last.
    expect(titlesOf(await page(`/product/${SLUG}?reviews_page=9`)).map(unescape)).toEqual(newest.slice(20));
  });

  it("filters by rating, size and photos, and sorts by most helpful", async () => {
    const titles = async (search: string) => titlesOf(await page(`/product/${SLUG}?${search}`)).map(unescape);
    const expectOnly = (got: string[], keep: (r: Written) => boolean) => {
      const want = published.filter(keep).sort((a, b) => b.at - a.at);
      expect(got).toEqual(want.slice(0, 10).map((r) => r.title));
    };
    expectOnly(await titles("reviews_rating=5"), (r) => r.rating === 5);
    expectOnly(await titles("reviews_size=L"), (r) => r.size === "L");
    expectOnly(await titles("reviews_photos=1"), (r) => r.photos);
    expectOnly(await titles("reviews_rating=1&reviews_photos=1"), (r) => r.rating === 1 && r.photos);
    expectOnly(await titles("reviews_size=S&reviews_rating=2"), (r) => r.size === "S" && r.rating === 2);
    const none = await page(`/product/${SLUG}?reviews_size=M&reviews_rating=3&reviews_photos=1`);
    expect(titlesOf(none)).toEqual([]);
    expect(none).toContain("No reviews match these filters.");
    expect(await titles("reviews_size=XXL")).toEqual([]);

    // Most helpful: counts set behind the caches' back, then announced.
    await db().execute(sql`update reviews set helpful_count = 7 where title = 'Review 03'`);
    await db().execute(sql`update reviews set helpful_count = 3 where title = 'Review 11'`);
    await server.services().catalog.invalidateCatalog("helpful counts");
    const helpful = await titles("reviews_sort=helpful");
    expect(helpful.slice(0, 2)).toEqual(["Review 03", "Review 11"]);
    expect(helpful.slice(2)).toEqual(
      [...published]
        .filter((r) => r.title !== "Review 03" && r.title !== "Review 11")
        .sort((a, b) => b.at - a.at)
        .slice(0, 8)
        .map((r) => r.title),
    );
  });

  it("sends a filter form's URL without JavaScript to its one short URL, keeping ?size=", async () => {
    const res = await get(`/product/${SLUG}?size=L&reviews_rating=&reviews_size=S&reviews_sort=newest&reviews_page=1`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/product/${SLUG}?size=L&reviews_size=S`);
    expect((await get(`/product/${SLUG}?size=L&reviews_size=S`)).status).toBe(200);
  });

  it("never shows held or hidden reviews, whatever the view", async () => {
    for (const search of [
      "",
      "?reviews_page=2",
      "?reviews_page=3",
      "?reviews_size=M",
      "?reviews_rating=5",
      "?reviews_sort=helpful",
    ]) {
      const html = await page(`/product/${SLUG}${search}`);
      expect(html).not.toContain("HELD-SECRET");
      expect(html).not.toContain("HIDDEN-SECRET");
    }
  });

  it("shows 'Verified buyer' only for the verified review, with size and fit, and the owner's reply", async () => {
    const html = await page(`/product/${SLUG}`);
    expect(html.match(/Verified buyer/g)).toHaveLength(1);
    const verified = html.slice(
      html.indexOf("Verified and true"),
      html.indexOf("Was this helpful?", html.indexOf("Verified and true")),
    );
    expect(verified).toContain("Verified buyer");
    expect(verified).toContain("Size bought");
    expect(verified).toContain("True to size");
    expect(html).toContain("Reply from ");
    expect(html).toContain(`src="${PHOTO}"`);
  });

  it("renders stored markup in every field as text, in the HTML and in the JSON-LD", async () => {
    const res = await get(`/product/${SLUG}`);
    const raw = await res.text();
    for (const value of Object.values(XSS)) expect(raw).not.toContain(value);
    expect(raw).not.toContain("<script>alert(");
    expect(raw).not.toContain("<img src=x");
    expect(raw).not.toContain("<b onmouseover");
    expect(raw).not.toContain("<i>XL</i>");
    expect(raw).toContain("&lt;img src=x onerror=alert(&quot;body&quot;)&gt; and &lt;/script&gt;");
    expect(raw).toContain("&lt;b onmouseover=alert(&quot;author&quot;)&gt;Eve&lt;/b&gt;");
    expect(raw).toContain("&lt;script&gt;alert(&quot;reply&quot;)&lt;/script&gt;");
    // The JSON-LD script is never closed by a review: '<' is written \u003c, and the JSON reads back whole.
    const block = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(raw)![1]!;
    expect(block).not.toContain("<");
    const ld = JSON.parse(block);
    const item = (ld.review as Array<Record<string, unknown>>).find((r) => r.name === XSS.title);
    expect(item).toMatchObject({ reviewBody: XSS.body, author: { name: XSS.author } });
  });
});

describe(`'Was this helpful?' (${databaseKind})`, () => {
  const idOf = async (title: string) =>
    (await db().select({ id: reviews.id }).from(reviews).where(eq(reviews.title, title)))[0]!.id;
  const countOf = async (id: string) =>
    (await db().select({ n: reviews.helpfulCount }).from(reviews).where(eq(reviews.id, id)))[0]!.n;
  const vote = (id: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/reviews/${id}/helpful`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, ...headers },
      body: new URLSearchParams(fields),
    });
  const cookieOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");

  it("counts one vote per visitor: a second POST or a reload does not count, another visitor does", async () => {
    const id = await idOf("Review 05");
    expect(await countOf(id)).toBe(0);
    const back = `/product/${SLUG}?reviews_page=2#review-${id}`;

    // Without JavaScript: the form posts and is sent back to the page it came from.
    const first = await vote(id, { back });
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe(back);
    const visitor = cookieOf(first);
    expect(visitor).toMatch(/^abundance\.voter=/);
    expect(first.headers.get("set-cookie")).toMatch(/HttpOnly/i);
    expect(first.headers.get("set-cookie")).toMatch(/Path=\/api\/reviews/i);
    expect(await countOf(id)).toBe(1);

    // The same visitor again, as a reload of the POST and as the page's fetcher: nothing more.
    expect((await vote(id, { back }, { cookie: visitor })).status).toBe(303);
    const again = await vote(id, { reply: "data" }, { cookie: visitor });
    expect(again.status).toBe(200);
    expect(again.headers.get("set-cookie")).toBeNull();
    expect(await countOf(id)).toBe(1);

    // Another visitor counts.
    const other = await vote(id, { reply: "data" });
    expect(other.status).toBe(200);
    expect(cookieOf(other)).toMatch(/^abundance\.voter=/);
    expect(await countOf(id)).toBe(2);

    // A forged cookie is a new visitor (its signature fails), not the first one. The signature's first
    // character is changed: its last one may differ only in base64's unused bits and decode the same.
    const cut = visitor.lastIndexOf(".") + 1;
    const forged = visitor.slice(0, cut) + (visitor[cut] === "A" ? "B" : "A") + visitor.slice(cut + 1);
    await vote(id, { reply: "data" }, { cookie: forged });
    expect(await countOf(id)).toBe(3);

    // A signed-in shopper votes as their account, once, whatever the browser.
    const shopper = await signUp(server, `reviews-voter-${databaseKind}@example.com`);
    await vote(id, { reply: "data" }, { cookie: shopper.cookie });
    await vote(id, { reply: "data" }, { cookie: shopper.cookie });
    expect(await countOf(id)).toBe(4);
    const votes = await db().select().from(reviewVotes).where(eq(reviewVotes.reviewId, id));
    expect(votes).toHaveLength(4);
    expect(votes.filter((v) => v.voter === `u:${shopper.id}`)).toHaveLength(1);
    // The browser's id is not stored as it is.
    expect(votes.every((v) => !visitor.includes(v.voter.slice(2, 12)))).toBe(true);
  });

  it("refuses held and hidden reviews, unknown ids, other sites, GET, and sends the way back only to a product page", async () => {
    for (const title of ["HELD-SECRET", "HIDDEN-SECRET"]) {
      const id = await idOf(title);
      const res = await vote(id, { back: `/product/${SLUG}` });
      expect(res.status).toBe(404);
      expect(await res.text()).toBe("Review not found");
      expect(await countOf(id)).toBe(0);
    }
    expect((await vote("not-a-uuid", { reply: "data" })).status).toBe(404);
    expect((await vote("00000000-0000-4000-8000-000000000000", { reply: "data" })).status).toBe(404);

    const id = await idOf("Review 06");
    const crossSite = await vote(id, { reply: "data" }, { origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    expect(await countOf(id)).toBe(0);
    expect((await get(`/api/reviews/${id}/helpful`)).status).toBe(405);

    const offsite = await vote(id, { back: "https://evil.example/product/x" });
    expect(offsite.headers.get("location")).toBe(`/product/${SLUG}#review-${id}`);
    const elsewhere = await vote(id, { back: "/admin" });
    expect(elsewhere.headers.get("location")).toBe(`/product/${SLUG}#review-${id}`);
    expect(await countOf(id)).toBe(2);
  });

  it("bounds what one address can vote (cleared cookies vote again): 60 an hour, then 429 and nothing counted", async () => {
    const id = await idOf("Review 07");
    await db().execute(sql`delete from rate_limit where key like 'app:review-vote:ip:%'`);
    let last: Response | undefined;
    for (let i = 0; i < 60; i++) last = await vote(id, { reply: "data" });
    expect(last!.status).toBe(200);
    expect(await countOf(id)).toBe(60);
    const refused = await vote(id, { reply: "data" });
    expect(refused.status).toBe(429);
    expect(await countOf(id)).toBe(60);
    const withoutJs = await vote(id, { back: `/product/${SLUG}` });
    expect(withoutJs.status).toBe(429);
    expect(await withoutJs.text()).toBe("Too many votes from your network. Please try again later.");
  });
});

/** A title as the HTML writes it, read back. */
function unescape(html: string): string {
  return html
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");
}
