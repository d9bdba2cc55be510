import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { deflateSync } from "node:zlib";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, products, reviews, reviewStats, type AddressJson } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import { queryRows } from "~/lib/db/client.server";
import { createReviewLinks } from "~/modules/reviews/review-links.server";
import { REVIEW_MESSAGES } from "~/modules/reviews/review-rules";
import { testAddress } from "../support/fixtures";
import { testPhoto } from "../support/photo-upload";
import { signIn, signUp } from "../support/sessions";
import { databaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";
import { asRead } from "../support/html";

/**
 * Writing a review over HTTP (issue 29), on the real server and database: only the account whose
 * delivered order line it is (or the holder of the line's signed link) may review it, once; every
 * refusal stores nothing; a product's rating, count and per-size sums stay equal to a recomputation
 * from its published reviews, with 20 reviews written at once; hidden and held reviews do not count;
 * an author edits only their own; photos are checked by bytes (a wrong type, a bomb refused); what a
 * customer types is stored as text and shown escaped; writes are limited per account.
 */

const ADMIN = { email: "review-owner@example.com", password: "OwnerPass123" };
const AUTH_SECRET = "review-writing-test-secret-0123456789abcdef";
let server: TestServer;
let adminCookie = "";
const db = (): Db => server.services().database.db;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, AUTH_SECRET });
  adminCookie = await signIn(server.url, ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await server?.stop();
});

let seq = 0;
/** A customer account: its cookie and id. */
async function customer(name = "shopper") {
  return signUp(server, `${name}-${++seq}-${databaseKind}@example.com`);
}

/** A sized demo product (and one more, for tests that need a product of their own). */
async function sizedProduct(offset = 0) {
  const [row] = await db()
    .select({ id: products.id, slug: products.slug, name: products.name, sizes: products.sizes })
    .from(products)
    .where(sql`cardinality(${products.sizes}) > 2 and ${products.isActive}`)
    .orderBy(asc(products.slug))
    .offset(offset)
    .limit(1);
  return row!;
}

/** An order of `userId` with one line of the product, in the given state; answers the line's id. */
async function orderLine(
  userId: string | null,
  productId: string,
  status = "delivered",
  address: Partial<AddressJson> = {},
): Promise<string> {
  const [order] = await db()
    .insert(orders)
    .values({
      orderNumber: `RVW-${++seq}-${Date.now().toString(36)}`,
      userId,
      status,
      paymentStatus: status === "pending" ? "pending" : "paid",
      subtotalCents: 5000,
      totalCents: 5000,
      shippingAddress: { ...testAddress, firstName: "Maya", lastName: "okafor", ...address },
      customerEmail: testAddress.email,
    })
    .returning({ id: orders.id });
  const [item] = await db()
    .insert(orderItems)
    .values({
      orderId: order!.id,
      productId,
      productName: "Reviewed thing",
      productSku: `RVW-${seq}`,
      size: "M",
      color: "Black",
      quantity: 1,
      unitPriceCents: 5000,
      totalPriceCents: 5000,
    })
    .returning({ id: orderItems.id });
  return item!.id;
}

type Fields = Partial<Record<"rating" | "fit" | "title" | "text", string>>;
const goodFields: Fields = {
  rating: "4",
  fit: "small",
  title: "Lovely shirt",
  text: "Soft and well made, runs a bit small.",
};

function reviewForm(fields: Fields = goodFields, photos: Array<{ name: string; bytes: Uint8Array }> = []) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const photo of photos) body.append("photos", new Blob([new Uint8Array(photo.bytes)]), photo.name);
  return body;
}

async function post(pathAndQuery: string, body: FormData | URLSearchParams, cookie = "", method = "POST") {
  const res = await fetch(`${server.url}${pathAndQuery}`, {
    method,
    redirect: "manual",
    headers: { origin: server.url, ...(cookie ? { cookie } : {}) },
    body,
  });
  return { status: res.status, location: res.headers.get("location"), text: asRead(await res.text()) };
}

const get = async (pathAndQuery: string, cookie = "") => {
  const res = await fetch(`${server.url}${pathAndQuery}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
  return { status: res.status, location: res.headers.get("location"), text: asRead(await res.text()) };
};

const reviewCount = async () => (await db().select({ n: count() }).from(reviews))[0]!.n;

/** The product's stored aggregates and sums next to a recomputation from its published reviews. */
async function aggregatesOf(productId: string) {
  const [stored] = await db()
    .select({ rating: products.rating, reviewCount: products.reviewCount })
    .from(products)
    .where(eq(products.id, productId));
  const [recomputed] = await queryRows<{ n: number; avg: string | null }>(
    db(),
    sql`select count(*)::int as n, round(avg(rating)::numeric, 1)::text as avg
        from reviews where product_id = ${productId} and status = 'published'`,
  );
  const sums = await db()
    .select({
      size: reviewStats.size,
      reviews: reviewStats.reviews,
      ratingSum: reviewStats.ratingSum,
      runsSmall: reviewStats.runsSmall,
      trueToSize: reviewStats.trueToSize,
      runsLarge: reviewStats.runsLarge,
    })
    .from(reviewStats)
    .where(eq(reviewStats.productId, productId))
    .orderBy(asc(reviewStats.size));
  const recountedSums = await queryRows<{
    size: string;
    reviews: number;
    rating_sum: number;
    small: number;
    true: number;
    large: number;
  }>(
    db(),
    sql`select size, count(*)::int as reviews, sum(rating)::int as rating_sum,
               (count(*) filter (where fit = 'small'))::int as small, (count(*) filter (where fit = 'true'))::int as true,
               (count(*) filter (where fit = 'large'))::int as large
        from reviews where product_id = ${productId} and status = 'published' group by size order by size`,
  );
  return {
    stored: { rating: Number(stored!.rating), reviewCount: stored!.reviewCount },
    recomputed: { rating: Number(recomputed!.avg ?? 0), reviewCount: recomputed!.n },
    sums,
    recountedSums: recountedSums.map((r) => ({
      size: r.size,
      reviews: r.reviews,
      ratingSum: r.rating_sum,
      runsSmall: r.small,
      trueToSize: r.true,
      runsLarge: r.large,
    })),
  };
}

async function expectConsistent(productId: string) {
  const a = await aggregatesOf(productId);
  expect(a.stored).toEqual(a.recomputed);
  expect(a.sums).toEqual(a.recountedSums);
  return a;
}

describe(`writing a review (${databaseKind})`, () => {
  it("lets the buyer of a delivered line review it once from its line, verified, with the size and name from the order", async () => {
    const buyer = await customer();
    const product = await sizedProduct();
    const line = await orderLine(buyer.id, product.id);
    const before = await aggregatesOf(product.id);
    const form = await get(`/reviews/new?line=${line}`, buyer.cookie);
    expect(form.status).toBe(200);
    expect(form.text).toContain("Size bought: M");
    expect(form.text).toContain("How did it fit?");
    for (const label of ["Runs small", "True to size", "Runs large"]) expect(form.text).toContain(label);
    const written = await post(`/reviews/new?line=${line}`, reviewForm(), buyer.cookie);
    expect(written.status, written.text.slice(0, 300)).toBe(302);
    expect(written.location).toBe(`/reviews/new?thanks=published&product=${product.slug}`);
    expect((await get(written.location!, buyer.cookie)).text).toContain(REVIEW_MESSAGES.published);
    const [review] = await db().select().from(reviews).where(eq(reviews.orderItemId, line));
    expect(review).toMatchObject({
      productId: product.id,
      userId: buyer.id,
      size: "M",
      color: "Black",
      rating: 4,
      fit: "small",
      title: "Lovely shirt",
      authorName: "Maya O.",
      verified: true,
      status: "published",
      source: "customer",
    });
    const after = await expectConsistent(product.id);
    expect(after.stored.reviewCount).toBe(before.stored.reviewCount + 1);
    // A second review of the line: 409, nothing stored.
    const n = await reviewCount();
    const again = await post(`/reviews/new?line=${line}`, reviewForm(), buyer.cookie);
    expect(again.status).toBe(409);
    expect(again.text).toContain(REVIEW_MESSAGES.alreadyReviewed);
    expect(await reviewCount()).toBe(n);
    // My Orders now offers to edit it.
    const orderPage = await get("/orders", buyer.cookie);
    expect(orderPage.text).toContain(`/reviews/${review!.id}/edit`);
    expect(orderPage.text).toContain("Edit your review");
  });

  it("refuses everyone else, each with its status and message, storing nothing", async () => {
    const buyer = await customer();
    const stranger = await customer("stranger");
    const product = await sizedProduct();
    const delivered = await orderLine(buyer.id, product.id);
    const links = createReviewLinks(AUTH_SECRET);
    const cases: Array<{ what: string; path: string; cookie: string; status: number; message: string }> = [];
    for (const status of ["pending", "processing", "shipped", "cancelled"]) {
      const line = await orderLine(buyer.id, product.id, status);
      cases.push({
        what: status,
        path: `/reviews/new?line=${line}`,
        cookie: buyer.cookie,
        status: 403,
        message: REVIEW_MESSAGES.notDelivered,
      });
    }
    cases.push(
      {
        what: "another account's line",
        path: `/reviews/new?line=${delivered}`,
        cookie: stranger.cookie,
        status: 403,
        message: REVIEW_MESSAGES.notYours,
      },
      {
        what: "a forged line id",
        path: `/reviews/new?line=7c9e6679-7425-40de-944b-e07fc1f90ae7`,
        cookie: buyer.cookie,
        status: 404,
        message: REVIEW_MESSAGES.lineNotFound,
      },
      {
        what: "a line id that is no id",
        path: `/reviews/new?line=1%20or%201=1`,
        cookie: buyer.cookie,
        status: 404,
        message: REVIEW_MESSAGES.lineNotFound,
      },
      {
        what: "a customer who did not buy",
        path: `/reviews/new?product=${product.id}`,
        cookie: stranger.cookie,
        status: 403,
        message: REVIEW_MESSAGES.notBought,
      },
      {
        what: "a forged token",
        path: `/reviews/new?token=${delivered}.zzzz.forged`,
        cookie: "",
        status: 404,
        message: REVIEW_MESSAGES.linkInvalid,
      },
      {
        what: "another secret's token",
        path: `/reviews/new?token=${createReviewLinks("another-secret-0123456789abcdefghijkl").tokenFor(delivered)}`,
        cookie: "",
        status: 404,
        message: REVIEW_MESSAGES.linkInvalid,
      },
      {
        what: "an expired token",
        path: `/reviews/new?token=${links.tokenFor(delivered, new Date(Date.now() - 31 * 24 * 3600 * 1000))}`,
        cookie: "",
        status: 403,
        message: REVIEW_MESSAGES.linkExpired,
      },
    );
    const n = await reviewCount();
    for (const c of cases) {
      const page = await get(c.path, c.cookie);
      expect(page.status, `GET ${c.what}`).toBe(c.status);
      expect(page.text, c.what).toContain(c.message.replaceAll("'", "&#x27;"));
      const posted = await post(c.path, reviewForm(), c.cookie);
      expect(posted.status, `POST ${c.what}`).toBe(c.status);
      expect(posted.text, c.what).toContain(c.message.replaceAll("'", "&#x27;"));
    }
    // A visitor is sent to sign in.
    const visitor = await post(`/reviews/new?line=${delivered}`, reviewForm());
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/login\?redirect=/);
    // Bad fields: 400 with each field's message.
    const bad = await post(
      `/reviews/new?line=${delivered}`,
      reviewForm({ rating: "6", fit: "tight", title: "", text: "short" }),
      buyer.cookie,
    );
    expect(bad.status).toBe(400);
    for (const message of [
      REVIEW_MESSAGES.ratingRequired,
      REVIEW_MESSAGES.titleRequired,
      REVIEW_MESSAGES.textTooShort,
    ]) {
      expect(bad.text).toContain(message);
    }
    expect(await reviewCount()).toBe(n);
  });

  it("opens the form from a review link without a sign-in, and the line can then be reviewed once", async () => {
    const buyer = await customer();
    const product = await sizedProduct(1);
    const line = await orderLine(buyer.id, product.id);
    const token = createReviewLinks(AUTH_SECRET).tokenFor(line);
    const form = await get(`/reviews/new?token=${encodeURIComponent(token)}`);
    expect(form.status).toBe(200);
    expect(form.text).toContain("Size bought: M");
    const written = await post(
      `/reviews/new?token=${encodeURIComponent(token)}`,
      reviewForm({ ...goodFields, fit: "true" }),
    );
    expect(written.status, written.text.slice(0, 300)).toBe(302);
    const [review] = await db().select().from(reviews).where(eq(reviews.orderItemId, line));
    expect(review).toMatchObject({ userId: buyer.id, verified: true, fit: "true" });
    expect((await post(`/reviews/new?token=${encodeURIComponent(token)}`, reviewForm())).status).toBe(409);
    await expectConsistent(product.id);
  });

  it("keeps rating, count and per-size sums equal to a recomputation with 20 reviews written at once", async () => {
    const product = await sizedProduct(2);
    const buyers = await Promise.all(Array.from({ length: 20 }, () => customer("crowd")));
    const lines = await Promise.all(buyers.map((b) => orderLine(b.id, product.id)));
    const fits = ["small", "true", "large"];
    const answers = await Promise.all(
      buyers.map((b, i) =>
        post(
          `/reviews/new?line=${lines[i]}`,
          reviewForm({
            rating: String((i % 5) + 1),
            fit: fits[i % 3]!,
            title: `Review ${i}`,
            text: `Review number ${i} of many.`,
          }),
          b.cookie,
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(302));
    const a = await expectConsistent(product.id);
    expect(a.sums.find((s) => s.size === "M")!.reviews).toBeGreaterThanOrEqual(20);
  });

  it("takes hidden reviews out of the aggregates and back when published; held reviews do not count", async () => {
    const product = await sizedProduct(3);
    const buyer = await customer();
    const line = await orderLine(buyer.id, product.id);
    const before = await expectConsistent(product.id);
    await post(`/reviews/new?line=${line}`, reviewForm({ ...goodFields, rating: "1" }), buyer.cookie);
    const [review] = await db().select({ id: reviews.id }).from(reviews).where(eq(reviews.orderItemId, line));
    expect((await expectConsistent(product.id)).stored.reviewCount).toBe(before.stored.reviewCount + 1);
    const hide = await post(
      "/admin/reviews",
      new URLSearchParams({ intent: "hide", reviewId: review!.id, reason: "Spam" }),
      adminCookie,
    );
    expect(hide.status).toBe(200);
    expect((await expectConsistent(product.id)).stored).toEqual(before.stored);
    await post("/admin/reviews", new URLSearchParams({ intent: "publish", reviewId: review!.id }), adminCookie);
    expect((await expectConsistent(product.id)).stored.reviewCount).toBe(before.stored.reviewCount + 1);

    // 'Hold for approval': a new review waits and does not count.
    const setMode = async (newReviews: string) => {
      const { version } = (await server.services().settings.editable()).reviews;
      const body = new URLSearchParams({ section: "reviews", version: String(version), newReviews });
      const saved = await post("/admin/settings", body, adminCookie);
      expect(saved.status).toBe(200);
      expect(saved.text).toContain("Reviews settings saved");
    };
    await setMode("hold");
    try {
      const other = await customer();
      const heldLine = await orderLine(other.id, product.id);
      const held = await post(`/reviews/new?line=${heldLine}`, reviewForm(), other.cookie);
      expect(held.location).toBe(`/reviews/new?thanks=held&product=${product.slug}`);
      expect((await get(held.location!, other.cookie)).text).toContain(REVIEW_MESSAGES.held);
      const [row] = await db()
        .select({ status: reviews.status })
        .from(reviews)
        .where(eq(reviews.orderItemId, heldLine));
      expect(row!.status).toBe("held");
      expect((await expectConsistent(product.id)).stored.reviewCount).toBe(before.stored.reviewCount + 1);
    } finally {
      await setMode("publish");
    }
  });

  it("lets only the author edit a review", async () => {
    const author = await customer();
    const intruder = await customer("intruder");
    const product = await sizedProduct(4);
    const line = await orderLine(author.id, product.id);
    await post(`/reviews/new?line=${line}`, reviewForm(), author.cookie);
    const [review] = await db().select().from(reviews).where(eq(reviews.orderItemId, line));
    const edit = `/reviews/${review!.id}/edit`;
    expect((await get(edit, intruder.cookie)).status).toBe(404);
    const refused = await post(edit, reviewForm({ ...goodFields, title: "Taken over", rating: "1" }), intruder.cookie);
    expect(refused.status).toBe(404);
    expect(refused.text).toContain(REVIEW_MESSAGES.reviewNotFound);
    expect((await get(edit)).status).toBe(302);
    const [unchanged] = await db().select().from(reviews).where(eq(reviews.id, review!.id));
    expect(unchanged).toEqual(review);
    const page = await get(edit, author.cookie);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Lovely shirt");
    const saved = await post(
      edit,
      reviewForm({ ...goodFields, title: "Even better after a wash", rating: "5", fit: "true" }),
      author.cookie,
    );
    expect(saved.status, saved.text.slice(0, 300)).toBe(302);
    const [changed] = await db().select().from(reviews).where(eq(reviews.id, review!.id));
    expect(changed).toMatchObject({ title: "Even better after a wash", rating: 5, fit: "true", verified: true });
    await expectConsistent(product.id);
  });

  it("stores photos through the image pipeline and refuses a wrong type or a bomb, storing nothing", async () => {
    const buyer = await customer();
    const product = await sizedProduct(5);
    const mediaDir = path.join(server.services().config.dataDir, "media");
    const stored = () => {
      try {
        return readdirSync(mediaDir, { recursive: true, encoding: "utf8" }).filter((f) =>
          statSync(path.join(mediaDir, f)).isFile(),
        ).length;
      } catch {
        return 0;
      }
    };
    const line = await orderLine(buyer.id, product.id);
    const n = await reviewCount();
    const files = stored();
    const svg = {
      name: "photo.jpg",
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    };
    const wrong = await post(`/reviews/new?line=${line}`, reviewForm(goodFields, [svg]), buyer.cookie);
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain("Only JPEG, PNG and WebP images can be uploaded.");
    const bomb = await post(
      `/reviews/new?line=${line}`,
      reviewForm(goodFields, [{ name: "bomb.png", bytes: pngBomb(30_000, 30_000) }]),
      buyer.cookie,
    );
    expect(bomb.status).toBe(413);
    expect(bomb.text).toContain("Image is too large (max 64 megapixels).");
    const five = await Promise.all(
      [1, 2, 3, 4, 5].map(async (i) => ({ name: `${i}.jpg`, bytes: await testPhoto(40 + i, 40) })),
    );
    const tooMany = await post(`/reviews/new?line=${line}`, reviewForm(goodFields, five), buyer.cookie);
    expect(tooMany.status).toBe(413);
    expect(tooMany.text).toContain(REVIEW_MESSAGES.tooManyPhotos);
    expect(await reviewCount()).toBe(n);
    expect(stored()).toBe(files);
    const ok = await post(`/reviews/new?line=${line}`, reviewForm(goodFields, five.slice(0, 2)), buyer.cookie);
    expect(ok.status, ok.text.slice(0, 300)).toBe(302);
    const [review] = await db().select({ photos: reviews.photos }).from(reviews).where(eq(reviews.orderItemId, line));
    expect(review!.photos).toHaveLength(2);
    for (const photo of review!.photos) expect(photo).toMatch(/^\/media\/[0-9a-f]{64}\/\d+\.webp$/);
    expect((await fetch(`${server.url}${review!.photos[0]}`)).headers.get("content-type")).toBe("image/webp");
    expect((await aggregatesOf(product.id)).sums.find((s) => s.size === "M")).toBeDefined();
  });

  it("stores what a customer types as text and shows it escaped on the form and the owner's pages", async () => {
    const buyer = await customer();
    const product = await sizedProduct(6);
    const xss = "<script>alert('x')</script>";
    const line = await orderLine(buyer.id, product.id, "delivered", {
      firstName: `<img src=x onerror=alert(1)>`,
      lastName: "Z",
    });
    const written = await post(
      `/reviews/new?line=${line}`,
      reviewForm({
        rating: "5",
        fit: "large",
        title: `${xss} title`,
        text: `Body ${xss} \u0000\u202e with "quotes" & more`,
      }),
      buyer.cookie,
    );
    expect(written.status, written.text.slice(0, 300)).toBe(302);
    const [review] = await db().select().from(reviews).where(eq(reviews.orderItemId, line));
    expect(review!.title).toBe(`${xss} title`);
    expect(review!.body).toBe(`Body ${xss}  with "quotes" & more`);
    expect(review!.authorName).toBe("<img src=x onerror=alert(1)> Z.");
    const reply = await post(
      "/admin/reviews",
      new URLSearchParams({ intent: "reply", reviewId: review!.id, reply: `Thanks ${xss}` }),
      adminCookie,
    );
    expect(reply.status).toBe(200);
    for (const page of [
      (await get(`/reviews/${review!.id}/edit`, buyer.cookie)).text,
      (await get("/admin/reviews", adminCookie)).text,
    ]) {
      expect(page).not.toContain("<script>alert(");
      expect(page).not.toContain("<img src=x");
      expect(page).toContain("&lt;script&gt;alert(");
    }
    expect((await get("/admin/reviews", adminCookie)).text).toContain("&lt;img src=x onerror=alert(1)&gt; Z.");
  });

  it("limits review writes to 10 an hour per account (429), storing nothing past it", async () => {
    const buyer = await customer();
    const product = await sizedProduct(7);
    const line = await orderLine(buyer.id, product.id);
    expect((await post(`/reviews/new?line=${line}`, reviewForm(), buyer.cookie)).status).toBe(302);
    const [review] = await db().select().from(reviews).where(eq(reviews.orderItemId, line));
    const edit = `/reviews/${review!.id}/edit`;
    for (let i = 1; i <= 9; i++) {
      const saved = await post(edit, reviewForm({ ...goodFields, title: `Edit ${i}` }), buyer.cookie);
      expect(saved.status, `edit ${i}`).toBe(302);
    }
    const limited = await post(edit, reviewForm({ ...goodFields, title: "One too many" }), buyer.cookie);
    expect(limited.status).toBe(429);
    expect(limited.text).toContain(REVIEW_MESSAGES.rateLimited);
    const [after] = await db()
      .select({ title: reviews.title })
      .from(reviews)
      .where(and(eq(reviews.id, review!.id)));
    expect(after!.title).toBe("Edit 9");
  });

  it("makes the demo catalogue's rating and count the aggregates of its demo reviews", async () => {
    const demo = await db()
      .select({ id: products.id, reviewCount: products.reviewCount })
      .from(products)
      .orderBy(asc(products.slug))
      .limit(5);
    for (const p of demo) {
      const a = await expectConsistent(p.id);
      expect(a.stored.reviewCount).toBeGreaterThanOrEqual(3);
    }
    const [demoRow] = await db().select().from(reviews).where(eq(reviews.source, "demo")).limit(1);
    expect(demoRow).toMatchObject({ verified: false, userId: null, orderItemId: null });
  });
});

/** A PNG that says it is `width` × `height` pixels in a few hundred bytes. */
function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(width + 1))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}
