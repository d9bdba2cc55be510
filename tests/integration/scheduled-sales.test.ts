import { and, count, eq, inArray, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, productChanges, products, scheduledSaleProducts, scheduledSales } from "#db/schema/index";
import { openDatabase, type Database } from "~/lib/db/client.server";
import { EventBus } from "~/lib/events.server";
import { createScheduledSales } from "~/modules/promotions/scheduled-sale-job.server";
import { SALE_MESSAGES, toZonedInput } from "~/modules/promotions/scheduled-sale-rules";
import { insertTestProducts } from "../support/catalog-fixtures";
import { cookieHeader, signIn, signUp } from "../support/sessions";
import { databaseKind, prepareDatabaseLocation, type DatabaseLocation } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * Scheduled sales over the real HTTP server and database: the owner's page and its checks, the job that
 * starts and ends sales by the clock (its own timer, and `runDue(now)` for moments far from the test's),
 * the storefront's prices, badges, /shop/sale and caches following, prices put back exactly, a sale
 * applied once by two runs at once (two instances on PostgreSQL), and nobody else changing anything.
 */

const ADMIN = { email: "sales-owner@example.com", password: "OwnerPass123" };
const SHARED_PASSWORD = "SalesShared123";
const PATH = "/admin/discounts/sales";
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let location: DatabaseLocation;
let server: TestServer;
let adminCookie = "";
let customerCookie = "";
let passHolderCookie = "";
let timeZone = "";

const db = () => server.services().database.db;
const job = () => server.services().scheduledSales;

beforeAll(async () => {
  location = await prepareDatabaseLocation();
  server = await startTestServer(
    {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SECURE_ADMIN_PASSWORD: SHARED_PASSWORD,
      // The shared password in a role without this area (issue 32: SHARED_PASSWORD_ROLE; manager by default).
      SHARED_PASSWORD_ROLE: "fulfilment",
      // Far longer than the tests: what the storefront shows anew was emptied from the caches, not expired.
      PAGE_CACHE_SECONDS: "600",
      // The server's own job runs every second: sales due by the real clock start and end by themselves.
      SCHEDULED_SALES_INTERVAL_SECONDS: "1",
    },
    { location },
  );
  adminCookie = await signIn(server.url, ADMIN.email, ADMIN.password);
  customerCookie = (await signUp(server, "sales-shopper@example.com")).cookie;
  const holder = await signUp(server, "sales-pass-holder@example.com");
  const grant = await form("/admin", { intent: "admin-password", password: SHARED_PASSWORD }, holder.cookie);
  expect(grant.status).toBe(200);
  passHolderCookie = `${holder.cookie}; ${cookieHeader(grant)}`;
  timeZone = (await server.services().settings.read()).store.timeZone;
});

afterAll(async () => {
  await server?.stop();
  await location?.cleanup();
});

function form(path: string, fields: Record<string, string>, cookie = adminCookie, method = "POST") {
  return fetch(`${server.url}${path}`, {
    method,
    redirect: "manual",
    headers: { origin: server.url, cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

/** A write of the page as its fetchers send it (the `.data` URL): the status and the answer's text. */
async function write(fields: Record<string, string>, cookie = adminCookie) {
  const res = await form(`${PATH}.data`, fields, cookie);
  return { status: res.status, text: await res.text() };
}

/** Whether a page shows `text`, as a reader sees it (React's text separators left out); a failure names the text, not the page. */
function shows(html: string, text: string | RegExp): boolean {
  const plain = html.replaceAll("<!-- -->", "");
  return typeof text === "string" ? plain.includes(text) : text.test(plain);
}

async function guest(path: string): Promise<{ cache: string | null; html: string }> {
  const res = await fetch(`${server.url}${path}`, { redirect: "manual" });
  expect(res.status, path).toBe(200);
  return { cache: res.headers.get("x-cache"), html: await res.text() };
}

async function adminPage(path = PATH): Promise<string> {
  const res = await fetch(`${server.url}${path}`, { headers: { cookie: adminCookie }, redirect: "manual" });
  expect(res.status, path).toBe(200);
  return res.text();
}

/** A category of our own with products at the given prices (compare-at too, for one already on sale). */
async function catalogue(slug: string, rows: { price: number; compareAt?: number }[]) {
  const [category] = await db()
    .insert(categories)
    .values({ name: `Test ${slug}`, slug, sortOrder: 900 })
    .returning({ id: categories.id });
  const inserted = await insertTestProducts(
    db(),
    rows.map((row, i) => ({
      name: `${slug} piece ${i}`,
      slug: `${slug}-piece-${i}`,
      sku: `${slug.toUpperCase()}-${i}`,
      priceCents: row.price,
      originalPriceCents: row.compareAt ?? null,
      isSale: row.compareAt !== undefined && row.compareAt > row.price,
      categoryId: category!.id,
      stock: 5,
    })),
  );
  return { categoryId: category!.id, products: inserted };
}

async function pricesOf(ids: string[]) {
  const rows = await db()
    .select({
      id: products.id,
      price: products.priceCents,
      compareAt: products.originalPriceCents,
      isSale: products.isSale,
    })
    .from(products)
    .where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, { price: r.price, compareAt: r.compareAt, isSale: r.isSale }]));
  return ids.map((id) => byId.get(id)!);
}

/** The sale's form as the editor sends it, times on the shop's clock. */
function saleForm(fields: {
  title: string;
  percentOff?: string;
  categoryIds?: string[];
  productIds?: string[];
  startsAt: Date | string;
  endsAt: Date | string;
}): Record<string, string> {
  const at = (value: Date | string) => (typeof value === "string" ? value : toZonedInput(value, timeZone));
  return {
    intent: "create",
    title: fields.title,
    percentOff: fields.percentOff ?? "20",
    categoryIds: (fields.categoryIds ?? []).join(","),
    productIds: (fields.productIds ?? []).join(","),
    startsAt: at(fields.startsAt),
    endsAt: at(fields.endsAt),
  };
}

async function saleNamed(title: string) {
  const [sale] = await db().select().from(scheduledSales).where(eq(scheduledSales.title, title));
  expect(sale, title).toBeDefined();
  return sale!;
}

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A moment on the shop's clock, whole minutes (the form's precision), `ms` from now. */
const minutesFromNow = (ms: number) => new Date(Math.floor((Date.now() + ms) / MINUTE) * MINUTE);

describe(`a sale runs by the clock, and the storefront follows (${databaseKind})`, () => {
  it("starts a sale whose start has passed, shows it everywhere, and puts every price back exactly at its end", async () => {
    const { categoryId, products: made } = await catalogue("clock-coats", [
      { price: 10_000 }, // regular
      { price: 6_000, compareAt: 8_000 }, // already on sale
      { price: 5_000 }, // the owner reprices it during the sale
    ]);
    const [extra] = await insertTestProducts(db(), [
      { name: "Clock Scarf", slug: "clock-scarf", sku: "CLOCK-SCARF", priceCents: 2_999, stock: 5 },
    ]);
    const ids = [...made.map((p) => p.id), extra!.id];
    const before = await pricesOf(ids);
    // The storefront is cached before the sale: /shop/sale does not list the regular coat.
    const salePage = "/shop/sale?sort=newest";
    await guest(salePage);
    const cached = await guest(salePage);
    expect(cached.cache).toBe("HIT");
    expect(shows(cached.html, `href="/product/${made[0]!.slug}"`), `href="/product/${made[0]!.slug}"`).toBe(false);
    expect(shows(cached.html, `href="/product/${made[1]!.slug}"`), `href="/product/${made[1]!.slug}"`).toBe(true);
    await guest(`/product/${made[0]!.slug}`);
    expect((await guest(`/product/${made[0]!.slug}`)).cache).toBe("HIT");

    const created = await write(
      saleForm({
        title: "Clock Weekend",
        categoryIds: [categoryId],
        productIds: [extra!.id],
        startsAt: minutesFromNow(-60 * MINUTE),
        endsAt: minutesFromNow(DAY),
      }),
    );
    expect(created.status).toBe(200);
    expect(created.text).toContain(SALE_MESSAGES.created);

    // Nobody clicks: the server's job starts it.
    const during = await until(
      "the sale to start",
      () => pricesOf(ids),
      (p) => p[0]!.price === 8_000,
    );
    expect(during).toEqual([
      { price: 8_000, compareAt: 10_000, isSale: true },
      { price: 6_400, compareAt: 8_000, isSale: true }, // 20% off the regular 80.00
      { price: 4_000, compareAt: 5_000, isSale: true },
      { price: 2_399, compareAt: 2_999, isSale: true }, // 23.992 → 23.99
    ]);
    const sale = await saleNamed("Clock Weekend");
    expect(sale.state).toBe("running");
    const kept = await db().select().from(scheduledSaleProducts).where(eq(scheduledSaleProducts.saleId, sale.id));
    expect(kept).toHaveLength(4);
    expect(kept.find((k) => k.productId === made[1]!.id)).toMatchObject({
      priorPriceCents: 6_000,
      priorCompareAtCents: 8_000,
      priorIsSale: true,
      salePriceCents: 6_400,
    });

    // The caches were emptied: the product page, its category and /shop/sale show the sale at once.
    const productPage = await guest(`/product/${made[0]!.slug}`);
    expect(productPage.cache).toBe("MISS");
    expect(shows(productPage.html, "Save 20%"), "Save 20%").toBe(true);
    expect(shows(productPage.html, "$80.00"), "$80.00").toBe(true);
    expect(shows(productPage.html, "Was </span>$100.00"), "Was $100.00").toBe(true);
    const listing = await guest("/shop/clock-coats?sort=price-high");
    expect(shows(listing.html, "-20%"), "-20%").toBe(true);
    expect(shows(listing.html, "$80.00"), "$80.00").toBe(true);
    const saleNow = await guest(salePage);
    expect(saleNow.cache).toBe("MISS");
    expect(shows(saleNow.html, `href="/product/${made[0]!.slug}"`), `href="/product/${made[0]!.slug}"`).toBe(true);
    expect(shows(saleNow.html, `href="/product/clock-scarf"`), `href="/product/clock-scarf"`).toBe(true);
    // The owner's list shows it running with its products.
    const list = await adminPage();
    expect(shows(list, "Clock Weekend"), "Clock Weekend").toBe(true);
    expect(shows(list, "Running"), "Running").toBe(true);

    // The owner reprices one coat during the sale ('Mark as Sale' at 10% off): their price stays after.
    const reprice = await fetch(`${server.url}/admin/products/flags`, {
      method: "POST",
      headers: { origin: server.url, cookie: adminCookie, "content-type": "application/json" },
      body: JSON.stringify({ intent: "bulk", action: "mark-sale", target: { ids: [made[2]!.id] }, percent: 10 }),
    });
    expect(reprice.status).toBe(200);
    expect((await pricesOf([made[2]!.id]))[0]).toEqual({ price: 4_500, compareAt: 5_000, isSale: true });

    // The sale ends shortly (set here to a few seconds ahead rather than minutes): the job ends it.
    await db()
      .update(scheduledSales)
      .set({ endsAt: sql`now() + interval '2 seconds'` })
      .where(eq(scheduledSales.id, sale.id));
    const after = await until(
      "the sale to end",
      () => pricesOf(ids),
      (p) => p[0]!.price === 10_000,
    );
    expect(after).toEqual([before[0], before[1], { price: 4_500, compareAt: 5_000, isSale: true }, before[3]]);
    expect(before[1]).toEqual({ price: 6_000, compareAt: 8_000, isSale: true });
    expect((await saleNamed("Clock Weekend")).state).toBe("ended");

    // Audited: each product's sale price and its return, written by the sale; the repriced one has no return.
    const audit = await db()
      .select({ productId: productChanges.productId, label: productChanges.actorLabel, actor: productChanges.actorId })
      .from(productChanges)
      .where(and(inArray(productChanges.productId, ids), like(productChanges.actorLabel, "Scheduled sale:%")));
    expect(audit.every((row) => row.label === "Scheduled sale: Clock Weekend" && row.actor === null)).toBe(true);
    const rowsFor = (id: string) => audit.filter((row) => row.productId === id).length;
    expect(ids.map(rowsFor)).toEqual([2, 2, 1, 2]);

    // And the storefront follows the end at once.
    const ended = await guest(`/product/${made[0]!.slug}`);
    expect(shows(ended.html, "Save 20%"), "Save 20%").toBe(false);
    expect(shows(ended.html, "$100.00"), "$100.00").toBe(true);
    const saleAfter = await guest(salePage);
    expect(shows(saleAfter.html, `href="/product/${made[0]!.slug}"`), `href="/product/${made[0]!.slug}"`).toBe(false);
    expect(shows(saleAfter.html, `href="/product/${made[1]!.slug}"`), `href="/product/${made[1]!.slug}"`).toBe(true);
  });
});

describe(`sales started and ended at chosen moments (${databaseKind})`, () => {
  it("applies a sale once when two runs go at once (two instances on PostgreSQL), and ends it once", async () => {
    const { categoryId, products: made } = await catalogue(
      "twin-knits",
      Array.from({ length: 30 }, (_, i) => ({ price: 2_000 + i * 100 })),
    );
    const ids = made.map((p) => p.id);
    const before = await pricesOf(ids);
    // Far ahead of the real clock, so the server's own timer leaves it to this test's runs.
    const startsAt = minutesFromNow(30 * DAY);
    const endsAt = new Date(startsAt.getTime() + 2 * DAY);
    const created = await write(
      saleForm({ title: "Twin Knits", percentOff: "30", categoryIds: [categoryId], startsAt, endsAt }),
    );
    expect(created.status).toBe(200);
    const sale = await saleNamed("Twin Knits");
    expect(sale.startsAt.toISOString()).toBe(startsAt.toISOString());

    // The second instance: its own connections to the same database on PostgreSQL (the embedded database
    // has one process, so there the two runs share it).
    let second: Database | null = null;
    if (location.databaseUrl)
      second = await openDatabase({ databaseUrl: location.databaseUrl, dataDir: location.dataDir, poolSize: 3 });
    const other = createScheduledSales({ db: second?.db ?? db(), events: new EventBus() });
    try {
      // Not yet at its start.
      expect(await job().runDue(new Date(startsAt.getTime() - 1000))).toEqual([]);
      const inside = new Date(startsAt.getTime() + MINUTE);
      const runs = await Promise.all([job().runDue(inside), other.runDue(inside), job().runDue(inside)]);
      const starts = runs.flat().filter((step) => step.saleId === sale.id);
      expect(starts).toHaveLength(1);
      expect(starts[0]).toMatchObject({ step: "start", changed: 30 });
      const during = await pricesOf(ids);
      expect(during).toEqual(
        before.map((p) => ({ price: Math.round((p.price * 70) / 100), compareAt: p.price, isSale: true })),
      );
      const [kept] = await db()
        .select({ n: count() })
        .from(scheduledSaleProducts)
        .where(eq(scheduledSaleProducts.saleId, sale.id));
      expect(kept!.n).toBe(30);
      const [audited] = await db()
        .select({ n: count() })
        .from(productChanges)
        .where(
          and(inArray(productChanges.productId, ids), eq(productChanges.actorLabel, "Scheduled sale: Twin Knits")),
        );
      expect(audited!.n).toBe(30);

      const after = new Date(endsAt.getTime() + MINUTE);
      const ends = (await Promise.all([other.runDue(after), job().runDue(after)]))
        .flat()
        .filter((s) => s.saleId === sale.id);
      expect(ends).toHaveLength(1);
      expect(ends[0]).toMatchObject({ step: "end", changed: 30 });
      expect(await pricesOf(ids)).toEqual(before);
    } finally {
      await second?.close();
    }
  });

  it("leaves a product in another running sale to that sale, and marks a sale whose time passed unseen as ended", async () => {
    const { categoryId, products: made } = await catalogue("overlap-tees", [{ price: 4_000 }, { price: 3_000 }]);
    const ids = made.map((p) => p.id);
    const startsAt = minutesFromNow(40 * DAY);
    const endsAt = new Date(startsAt.getTime() + DAY);
    expect(
      (await write(saleForm({ title: "Overlap First", percentOff: "50", productIds: [ids[0]!], startsAt, endsAt })))
        .status,
    ).toBe(200);
    expect(
      (
        await write(
          saleForm({
            title: "Overlap Second",
            percentOff: "10",
            categoryIds: [categoryId],
            startsAt,
            endsAt: new Date(endsAt.getTime() + DAY),
          }),
        )
      ).status,
    ).toBe(200);
    // Both due at once: the one that starts first is started first, and takes product 0.
    await db()
      .update(scheduledSales)
      .set({ startsAt: new Date(startsAt.getTime() - MINUTE) })
      .where(eq(scheduledSales.title, "Overlap First"));
    const steps = await job().runDue(new Date(startsAt.getTime() + MINUTE));
    expect(steps.filter((s) => s.title.startsWith("Overlap")).map((s) => [s.title, s.step, s.changed])).toEqual([
      ["Overlap First", "start", 1],
      ["Overlap Second", "start", 1],
    ]);
    expect(await pricesOf(ids)).toEqual([
      { price: 2_000, compareAt: 4_000, isSale: true },
      { price: 2_700, compareAt: 3_000, isSale: true },
    ]);
    // The first ends: its product goes back to its regular price (the second sale never held it).
    await job().runDue(new Date(endsAt.getTime() + MINUTE));
    expect(await pricesOf(ids)).toEqual([
      { price: 4_000, compareAt: null, isSale: false },
      { price: 2_700, compareAt: 3_000, isSale: true },
    ]);
    await job().runDue(new Date(endsAt.getTime() + DAY + MINUTE));
    expect(await pricesOf(ids)).toEqual([
      { price: 4_000, compareAt: null, isSale: false },
      { price: 3_000, compareAt: null, isSale: false },
    ]);

    // A sale whose whole time passed before any run: ended, no price touched.
    const missedStart = minutesFromNow(50 * DAY);
    expect(
      (
        await write(
          saleForm({
            title: "Missed Sale",
            productIds: ids,
            startsAt: missedStart,
            endsAt: new Date(missedStart.getTime() + DAY),
          }),
        )
      ).status,
    ).toBe(200);
    const missed = await job().runDue(new Date(missedStart.getTime() + 2 * DAY));
    expect(missed.filter((s) => s.title === "Missed Sale").map((s) => [s.step, s.changed])).toEqual([["miss", 0]]);
    expect((await saleNamed("Missed Sale")).state).toBe("ended");
    expect(await pricesOf(ids)).toEqual([
      { price: 4_000, compareAt: null, isSale: false },
      { price: 3_000, compareAt: null, isSale: false },
    ]);
  });
});

describe(`the owner's page (${databaseKind})`, () => {
  it("refuses a bad form with clear messages, and changes nothing", async () => {
    const [before] = await db().select({ n: count() }).from(scheduledSales);
    const now = Date.now();
    const refused = await write(
      saleForm({
        title: " ",
        percentOff: "96",
        startsAt: minutesFromNow(DAY),
        endsAt: minutesFromNow(DAY - 60 * MINUTE),
      }),
    );
    expect(refused.status).toBe(400);
    for (const message of [
      SALE_MESSAGES.titleRequired,
      SALE_MESSAGES.percent,
      SALE_MESSAGES.scopeRequired,
      SALE_MESSAGES.endBeforeStart,
    ]) {
      expect(refused.text).toContain(message);
    }
    const [product] = await db().select({ id: products.id }).from(products).limit(1);
    const cases: [Record<string, string>, string][] = [
      [{ percentOff: "0" }, SALE_MESSAGES.percent],
      [{ percentOff: "abc" }, SALE_MESSAGES.percent],
      [{ startsAt: "not a date" }, SALE_MESSAGES.badDate],
      [{ endsAt: "" }, SALE_MESSAGES.endRequired],
      [
        {
          endsAt: toZonedInput(new Date(now - 2 * MINUTE), timeZone),
          startsAt: toZonedInput(new Date(now - DAY), timeZone),
        },
        SALE_MESSAGES.endInPast,
      ],
      [{ productIds: "1,2,3" }, SALE_MESSAGES.badIds],
      // Ids of things that do not exist: refused by the server, which looks them up.
      [{ productIds: "00000000-0000-4000-8000-000000000001" }, SALE_MESSAGES.unknownChoices],
      [{ categoryIds: "00000000-0000-4000-8000-000000000002" }, SALE_MESSAGES.unknownChoices],
    ];
    const valid = saleForm({
      title: "Fine",
      productIds: [product!.id],
      startsAt: minutesFromNow(DAY),
      endsAt: minutesFromNow(2 * DAY),
    });
    for (const [change, message] of cases) {
      const answer = await write({ ...valid, ...change });
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(answer.text, JSON.stringify(change)).toContain(message);
      expect(answer.text).not.toMatch(/at .*\.(ts|js):\d+|stack|violates/i);
    }
    for (const bad of [{ intent: "launch" }, { intent: "update", id: "not-an-id" }] as Record<string, string>[]) {
      const answer = await write(bad);
      expect([400, 404]).toContain(answer.status);
    }
    const [after] = await db().select({ n: count() }).from(scheduledSales);
    expect(after!.n).toBe(before!.n);
  });

  it("edits a scheduled sale, switches it off and on, moves a running one's end, ends it, disables and deletes with prices back", async () => {
    const { categoryId, products: made } = await catalogue("owner-dresses", [{ price: 9_000 }, { price: 7_000 }]);
    const ids = made.map((p) => p.id);
    const before = await pricesOf(ids);
    const startsAt = minutesFromNow(60 * DAY);
    const endsAt = new Date(startsAt.getTime() + DAY);
    expect(
      (await write(saleForm({ title: "Owner Dresses", categoryIds: [categoryId], startsAt, endsAt }))).status,
    ).toBe(200);
    const sale = await saleNamed("Owner Dresses");

    // Listed with its terms, on the shop's clock.
    const list = await adminPage();
    expect(shows(list, "Owner Dresses"), "Owner Dresses").toBe(true);
    expect(shows(list, "Test owner-dresses"), "Test owner-dresses").toBe(true);
    expect(shows(list, "Scheduled"), "Scheduled").toBe(true);

    const update = {
      ...saleForm({ title: "Owner Dresses 25", percentOff: "25", categoryIds: [categoryId], startsAt, endsAt }),
      intent: "update",
      id: sale.id,
    };
    const updated = await write(update);
    expect(updated.text).toContain(SALE_MESSAGES.updated);
    expect(await saleNamed("Owner Dresses 25")).toMatchObject({ percentOff: 25, state: "scheduled" });

    expect((await write({ intent: "disable", id: sale.id })).text).toContain(SALE_MESSAGES.disabled);
    // Disabled: its start passes and nothing happens.
    await job().runDue(new Date(startsAt.getTime() + MINUTE));
    expect(await pricesOf(ids)).toEqual(before);
    expect(shows(await adminPage(), "Disabled")).toBe(true);
    expect((await write({ intent: "enable", id: sale.id })).text).toContain(SALE_MESSAGES.enabled);
    await job().runDue(new Date(startsAt.getTime() + MINUTE));
    expect((await pricesOf(ids)).map((p) => p.price)).toEqual([6_750, 5_250]);

    // Running: its terms are closed, its end may move (after now), and it may be ended now.
    const late = await write({ ...update, title: "Too late" });
    expect(late.status).toBe(409);
    expect(late.text).toContain(SALE_MESSAGES.startedMeanwhile);
    const newEnd = new Date(endsAt.getTime() + DAY);
    const moved = await write({ intent: "move-end", id: sale.id, endsAt: toZonedInput(newEnd, timeZone) });
    expect(moved.text).toContain(SALE_MESSAGES.endMoved);
    expect((await saleNamed("Owner Dresses 25")).endsAt.toISOString()).toBe(newEnd.toISOString());
    const past = await write({
      intent: "move-end",
      id: sale.id,
      endsAt: toZonedInput(new Date(Date.now() - DAY), timeZone),
    });
    expect(past.status).toBe(400);
    expect(past.text).toContain(SALE_MESSAGES.endBeforeStart);
    // The storefront is cached with the sale price before the owner ends it.
    await guest(`/product/${made[0]!.slug}`);
    expect(shows((await guest(`/product/${made[0]!.slug}`)).html, "$67.50"), "$67.50").toBe(true);

    const ended = await write({ intent: "end-now", id: sale.id });
    expect(ended.text).toContain(SALE_MESSAGES.endedNow);
    expect(await pricesOf(ids)).toEqual(before);
    expect(shows((await guest(`/product/${made[0]!.slug}`)).html, "$67.50"), "$67.50").toBe(false);
    const again = await write({ intent: "end-now", id: sale.id });
    expect(again.status).toBe(409);
    expect(again.text).toContain(SALE_MESSAGES.alreadyEnded);
    // The audit names the owner who ended it.
    const [endRow] = await db()
      .select({ actor: productChanges.actorId, label: productChanges.actorLabel })
      .from(productChanges)
      .where(and(eq(productChanges.productId, ids[0]!), like(productChanges.actorLabel, `%(${ADMIN.email})`)));
    expect(endRow).toBeDefined();
    expect(endRow!.actor).not.toBeNull();

    // Disabling a running sale ends it at once; so does deleting one.
    for (const [intent, message] of [
      ["disable", SALE_MESSAGES.disabledRunning],
      ["delete", SALE_MESSAGES.deletedRunning],
    ] as const) {
      const title = `Owner ${intent}`;
      const start = minutesFromNow((intent === "disable" ? 70 : 80) * DAY);
      expect(
        (
          await write(
            saleForm({ title, categoryIds: [categoryId], startsAt: start, endsAt: new Date(start.getTime() + DAY) }),
          )
        ).status,
      ).toBe(200);
      await job().runDue(new Date(start.getTime() + MINUTE));
      expect((await pricesOf(ids)).map((p) => p.price)).toEqual([7_200, 5_600]);
      const { id } = await saleNamed(title);
      const answer = await write({ intent, id });
      expect(answer.text).toContain(message);
      expect(await pricesOf(ids)).toEqual(before);
      const rows = await db().select().from(scheduledSales).where(eq(scheduledSales.id, id));
      if (intent === "delete") expect(rows).toHaveLength(0);
      else expect(rows[0]).toMatchObject({ state: "ended", isEnabled: false });
    }
    const gone = await write({ intent: "delete", id: "00000000-0000-4000-8000-000000000009" });
    expect(gone.status).toBe(404);
    expect(gone.text).toContain(SALE_MESSAGES.notFound);
  });

  it("finds products for the picker by name or SKU in a catalogue of thousands, the first matches only", async () => {
    await insertTestProducts(
      db(),
      Array.from({ length: 300 }, (_, i) => ({
        name: `Picker Zephyrknit ${i}`,
        slug: `picker-zephyrknit-${i}`,
        sku: `PICK-${i}`,
        priceCents: 3_000,
        stock: 1,
      })),
    );
    const res = await fetch(`${server.url}${PATH}/products?q=zephyrknit`, { headers: { cookie: adminCookie } });
    expect(res.status).toBe(200);
    const found = (await res.json()) as { ok: boolean; total: number; products: { name: string }[] };
    expect(found.ok).toBe(true);
    expect(found.total).toBe(300);
    expect(found.products).toHaveLength(20);
    const bySku = (await (
      await fetch(`${server.url}${PATH}/products?q=PICK-299`, { headers: { cookie: adminCookie } })
    ).json()) as {
      products: { name: string }[];
    };
    expect(bySku.products.map((p) => p.name)).toEqual(["Picker Zephyrknit 299"]);
  });
});

describe(`only the shop's admin (${databaseKind})`, () => {
  it("sends everyone else away from every write, whatever the URL, method or body, and nothing changes", async () => {
    const { categoryId, products: made } = await catalogue("guarded-jackets", [{ price: 12_000 }]);
    // Later than the running one's, so the run below leaves it scheduled.
    const startsAt = minutesFromNow(110 * DAY);
    expect(
      (
        await write(
          saleForm({
            title: "Guarded Scheduled",
            categoryIds: [categoryId],
            startsAt,
            endsAt: new Date(startsAt.getTime() + DAY),
          }),
        )
      ).status,
    ).toBe(200);
    const runningStart = minutesFromNow(100 * DAY);
    expect(
      (
        await write(
          saleForm({
            title: "Guarded Running",
            productIds: [made[0]!.id],
            startsAt: runningStart,
            endsAt: new Date(runningStart.getTime() + DAY),
          }),
        )
      ).status,
    ).toBe(200);
    await job().runDue(new Date(runningStart.getTime() + MINUTE));
    const scheduled = await saleNamed("Guarded Scheduled");
    const running = await saleNamed("Guarded Running");
    expect(running.state).toBe("running");

    const snapshot = async () => ({
      sales: await db().select().from(scheduledSales).orderBy(scheduledSales.id),
      kept: await db()
        .select()
        .from(scheduledSaleProducts)
        .orderBy(scheduledSaleProducts.saleId, scheduledSaleProducts.productId),
      prices: await db()
        .select({
          id: products.id,
          p: products.priceCents,
          c: products.originalPriceCents,
          s: products.isSale,
          u: products.updatedAt,
        })
        .from(products)
        .orderBy(products.id),
      audit: (await db().select({ n: count() }).from(productChanges))[0]!.n,
    });
    const before = await snapshot();
    const bodies: Record<string, string>[] = [
      saleForm({
        title: "Intruder",
        categoryIds: [categoryId],
        startsAt: minutesFromNow(-MINUTE),
        endsAt: minutesFromNow(DAY),
      }),
      {
        ...saleForm({
          title: "Intruder",
          categoryIds: [categoryId],
          startsAt,
          endsAt: new Date(startsAt.getTime() + DAY),
        }),
        intent: "update",
        id: scheduled.id,
      },
      { intent: "move-end", id: running.id, endsAt: toZonedInput(minutesFromNow(2 * MINUTE), timeZone) },
      { intent: "end-now", id: running.id },
      { intent: "disable", id: running.id },
      { intent: "disable", id: scheduled.id },
      { intent: "enable", id: scheduled.id },
      { intent: "delete", id: running.id },
      { intent: "delete", id: scheduled.id },
    ];
    const senders = { visitor: "", customer: customerCookie, "pass holder": passHolderCookie };
    for (const [who, cookie] of Object.entries(senders)) {
      for (const path of [PATH, `${PATH}.data`, `${PATH}/products`]) {
        for (const body of bodies) {
          for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
            const res = await form(path, body, cookie, method);
            const text = await res.text();
            // A `.data` request is told of a redirect by a 202 and its X-Remix-Redirect header.
            // The pass holder, in a role without discounts, is refused in words (403).
            expect([202, 302, 303, 403, 405], `${who} ${method} ${path} ${body.intent}`).toContain(res.status);
            for (const message of Object.values(SALE_MESSAGES)) expect(text).not.toContain(message);
          }
        }
      }
      // Reads give them nothing: the page's data, and the picker's search.
      for (const path of [`${PATH}.data`, PATH, `${PATH}/products?q=guarded`]) {
        const res = await fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
        const text = await res.text();
        expect(text.includes("Guarded Running"), `${who} ${path}`).toBe(false);
        expect(text.includes("guarded-jackets piece"), `${who} ${path}`).toBe(false);
      }
    }
    expect(await snapshot()).toEqual(before);
    // The admin's own GET of the picker and the page still work (so the refusals above were not by accident).
    expect(shows(await adminPage(), "Guarded Running")).toBe(true);
  });
});
