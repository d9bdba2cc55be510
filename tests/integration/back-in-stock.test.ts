import { parse } from "csv-parse/sync";
import { and, asc, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  orderItems,
  orderNotifications,
  products,
  productVariants,
  restockQueue,
  restockSubscriptions,
  returnItems,
  returns,
} from "#db/schema/index";
import { queryRows } from "~/lib/db/client.server";
import { ADMIN_ACCESS_MESSAGES } from "~/modules/accounts/admin-grant";
import { markOrderPaid } from "~/modules/orders/order-payment.server";
import { moveOrder } from "~/modules/orders/order-fulfilment.server";
import { placeOrder } from "~/modules/orders/place-order.server";
import { EDITOR_ROUTE, type EditorLoad, type EditorProduct, type SaveAnswer } from "~/modules/product-admin/editor-api";
import type { ProductFormValues } from "~/modules/product-admin/product-form";
import type { CsvAnswer } from "~/modules/product-admin/product-csv";
import { dispositionField } from "~/modules/returns/admin-return-forms";
import { createBackInStock, SUBSCRIBES_PER_IP } from "~/modules/restock/back-in-stock.server";
import { RESTOCK_MESSAGES } from "~/modules/restock/restock-rules";
import { setProductStock } from "../support/catalog-fixtures";
import {
  FAKE_TWILIO_ACCOUNT_SID,
  FAKE_TWILIO_AUTH_TOKEN,
  FAKE_TWILIO_FROM,
  startFakeTwilio,
  type FakeTwilio,
} from "../support/fake-twilio";
import { testAddress, testLimits } from "../support/fixtures";
import { cookieHeader, signIn, signUp } from "../support/sessions";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { databaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";
import { mailText } from "../support/mail-text";
import { ensureTestStaff, testStaff } from "../support/staff";

/**
 * Back in stock per size and colour (issue 31) over the real HTTP server, on PGlite and PostgreSQL, with
 * a real local SMTP server and a fake Twilio: subscribing (a guest, an account, twice, bad input, without
 * JavaScript); rounds after stock comes back by each path — the editor's save, a CSV import, an order
 * cancelled by the owner, a return received and restocked — each through its own HTTP endpoint; the
 * factor's limit and the rest in the next wave or when more stock arrives; never twice, even with rounds
 * of two instances at once; the 90 days; the mail's link; the owner's demand page and its guard.
 * Rounds run with an injected clock (`runRound(now)`); the server's own timer is an hour away.
 */
const ADMIN = { email: "owner@example.com", password: "OwnerPass123" };
const SHARED_PASSWORD = "SharedPass123!";
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let server: TestServer;
let smtp: SmtpSink;
let twilio: FakeTwilio;
let adminCookie = "";
let passHolderCookie = "";
let shopper: { cookie: string; id: string };
let productIds: string[] = [];
let nextProduct = 0;
let key = 0;

const db = () => server.services().database.db;
const service = () => server.services().backInStock;
const actor = testStaff("Test setup");

beforeAll(async () => {
  smtp = await startSmtpSink();
  twilio = await startFakeTwilio();
  server = await startTestServer({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO_PAYMENTS: "true",
    SMTP_URL: smtp.url,
    TWILIO_ACCOUNT_SID: FAKE_TWILIO_ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: FAKE_TWILIO_AUTH_TOKEN,
    TWILIO_WHATSAPP_FROM: `whatsapp:${FAKE_TWILIO_FROM}`,
    TWILIO_API_BASE: twilio.url,
    RATE_LIMIT_IP_MULTIPLIER: "20",
    RESTOCK_ROUND_SECONDS: "3600",
    RESTOCK_WAVE_MINUTES: "60",
    SECURE_ADMIN_PASSWORD: SHARED_PASSWORD,
    // The shared password in a role without this area (issue 32: SHARED_PASSWORD_ROLE; manager by default).
    SHARED_PASSWORD_ROLE: "fulfilment",
  });
  await ensureTestStaff(server.services().database.db);
  adminCookie = await signIn(server.url, ADMIN.email, ADMIN.password);
  shopper = await signUp(server, "ana.waits@example.com");
  // A customer holding the shared admin password: the orders, not the catalogue's demand.
  const holder = await signUp(server, "pass.holder@example.com");
  const grant = await fetch(`${server.url}/admin`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, cookie: holder.cookie },
    body: new URLSearchParams({ intent: "admin-password", password: SHARED_PASSWORD }),
  });
  expect(await grant.text()).toContain(ADMIN_ACCESS_MESSAGES.granted);
  passHolderCookie = `${holder.cookie}; ${cookieHeader(grant)}`;
  productIds = (
    await db()
      .select({ id: products.id })
      .from(products)
      .where(eq(products.isActive, true))
      .orderBy(asc(products.slug))
      .limit(20)
  ).map((p) => p.id);
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await twilio?.stop();
});

/** A product of its own for a test: sizes S, M, L in Black; S sold out, the others `others` each. */
async function soldOutS(others = 5) {
  const productId = productIds[nextProduct++]!;
  await setProductStock(db(), productId, (o) => (o.size === "S" ? 0 : others), {
    sizes: ["S", "M", "L"],
    colors: ["Black"],
  });
  const [product] = await db()
    .select({ slug: products.slug, sku: products.sku })
    .from(products)
    .where(eq(products.id, productId));
  return { productId, slug: product!.slug, sku: product!.sku };
}

async function variantOf(productId: string, size: string) {
  const [row] = await db()
    .select({ id: productVariants.id, stock: productVariants.stock, sku: productVariants.sku })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), eq(productVariants.size, size)));
  return row!;
}

function subscribe(body: Record<string, unknown>, cookie?: string) {
  return fetch(`${server.url}/api/back-in-stock`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/json", origin: server.url, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/** `n` guests subscribed to size S of the product, a minute apart (oldest first), at `start`. */
async function waiting(productId: string, n: number, prefix: string, start = new Date()) {
  const emails: string[] = [];
  for (let i = 0; i < n; i++) {
    const email = `${prefix}-${i}@example.com`;
    await service().subscribe(
      { productId, variantId: "", size: "S", color: "Black", email: "", phone: null },
      { email, userId: null },
      new Date(start.getTime() - (n - i) * MINUTE),
    );
    emails.push(email);
  }
  return emails;
}

async function statuses(productId: string) {
  return queryRows<{ email: string; status: string }>(
    db(),
    sql`select s.email, s.status from restock_subscriptions s join product_variants v on v.id = s.variant_id
         where v.product_id = ${productId} order by s.created_at, s.id`,
  );
}

const notifiedEmails = async (productId: string) =>
  (await statuses(productId)).filter((s) => s.status === "notified").map((s) => s.email);

/** Sends what the rounds wrote (the outbox's own worker may take some first: both end the same). */
async function deliver() {
  await server.services().notifications.worker.drain();
}

/** The mails to these addresses once each has `count` (the outbox's worker may still be sending). */
async function received(emails: readonly string[], count = 1) {
  await deliver();
  for (const email of emails) await expect.poll(() => mailsTo(email).length, { timeout: 10_000 }).toBe(count);
}

const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));

async function openEditor(productId: string): Promise<EditorProduct> {
  const res = await fetch(`${server.url}/admin/products/editor?id=${productId}`, { headers: { cookie: adminCookie } });
  const body = (await res.json()) as EditorLoad;
  if (!body.ok || !body.product) throw new Error("editor did not open");
  return body.product;
}

/** The owner saves the editor with size S's stock set to `stock`. */
async function editorSetsS(productId: string, stock: number) {
  const product = await openEditor(productId);
  const values: ProductFormValues = {
    ...product.values,
    variants: product.values.variants.map((v) => (v.size === "S" ? { ...v, stock: String(stock) } : v)),
  };
  const res = await fetch(`${server.url}${EDITOR_ROUTE}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url, cookie: adminCookie },
    body: JSON.stringify({ intent: "save", target: productId, values, version: product.version }),
  });
  const body = (await res.json()) as SaveAnswer;
  expect(res.status, JSON.stringify(body)).toBe(200);
}

describe(`subscribing to a sold-out size (${databaseKind})`, () => {
  it("records a guest's subscription once: a second request (any case) says it is already recorded", async () => {
    const { productId } = await soldOutS();
    const first = await subscribe({ productId, size: "S", color: "Black", email: "Guest.One@Example.com" });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ok: true, outcome: "recorded", message: RESTOCK_MESSAGES.recorded });
    const again = await subscribe({ productId, size: "S", color: "Black", email: "guest.one@example.com" });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ ok: true, outcome: "already", message: RESTOCK_MESSAGES.already });
    expect(await statuses(productId)).toEqual([{ email: "guest.one@example.com", status: "waiting" }]);
  });

  it("uses a signed-in shopper's account e-mail, whatever e-mail the request names", async () => {
    const { productId } = await soldOutS();
    const res = await subscribe(
      { productId, size: "S", color: "Black", email: "someone.else@example.com" },
      shopper.cookie,
    );
    expect(res.status).toBe(200);
    const [row] = await db()
      .select({ email: restockSubscriptions.email, userId: restockSubscriptions.userId })
      .from(restockSubscriptions)
      .innerJoin(productVariants, eq(productVariants.id, restockSubscriptions.variantId))
      .where(eq(productVariants.productId, productId));
    expect(row).toEqual({ email: "ana.waits@example.com", userId: shopper.id });
    const again = await subscribe({ productId, size: "S", color: "Black" }, shopper.cookie);
    expect(await again.json()).toMatchObject({ outcome: "already" });
  });

  it("refuses bad input with a clear message and writes nothing", async () => {
    const { productId } = await soldOutS();
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ productId, size: "S", color: "Black" }, 400, "Email is required"],
      [{ productId, size: "S", color: "Black", email: "not-an-email" }, 400, "Invalid email address"],
      [{ productId: "nope", size: "S", color: "Black", email: "a@example.com" }, 400, RESTOCK_MESSAGES.notFound],
      [
        { productId, size: "S", color: "Black", email: "a@example.com", phone: "12" },
        400,
        RESTOCK_MESSAGES.invalidPhone,
      ],
      [{ productId, size: "XXL", color: "Black", email: "a@example.com" }, 404, RESTOCK_MESSAGES.notFound],
      [{ productId, size: "M", color: "Black", email: "a@example.com" }, 409, RESTOCK_MESSAGES.inStock],
    ];
    for (const [body, status, message] of cases) {
      const res = await subscribe(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    }
    const notJson = await fetch(`${server.url}/api/back-in-stock`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: "{",
    });
    expect(notJson.status).toBe(400);
    expect(await statuses(productId)).toEqual([]);
  });

  it("is rate-limited per address like the other public forms", async () => {
    const { productId } = await soldOutS();
    // One instance's limit without the test server's multiplier: SUBSCRIBES_PER_IP an hour.
    const strict = createBackInStock({
      db: db(),
      factor: 3,
      waveMs: MINUTE,
      whatsapp: false,
      rateLimitIpMultiplier: 1,
    });
    const address = `203.0.113.${databaseKind === "postgres" ? 7 : 8}`;
    for (let i = 0; i < SUBSCRIBES_PER_IP.limit; i++) await strict.limit(address);
    await expect(strict.limit(address)).rejects.toMatchObject({
      code: "rate-limited",
      message: RESTOCK_MESSAGES.tooMany,
    });
    await strict.limit("203.0.113.99");
    expect(await statuses(productId)).toEqual([]);
  });

  it("works without JavaScript: the product page's form posts and comes back to the product, confirmed", async () => {
    const { productId, slug } = await soldOutS();
    const s = await variantOf(productId, "S");
    const page = await (await fetch(`${server.url}/product/${slug}`)).text();
    expect(page).toContain("Notify me when it&#x27;s back");
    expect(page).toContain(`value="${s.id}"`);
    const res = await fetch(`${server.url}/api/back-in-stock`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url },
      body: new URLSearchParams({ productId, variantId: s.id, email: "form.guest@example.com", phone: "" }),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/product/${slug}?size=S&color=Black&notify=recorded#notify-me`);
    const back = await (await fetch(`${server.url}/product/${slug}?size=S&color=Black&notify=recorded`)).text();
    expect(back).toContain(RESTOCK_MESSAGES.recorded.replaceAll("'", "&#x27;"));
    expect(await statuses(productId)).toEqual([{ email: "form.guest@example.com", status: "waiting" }]);
  });
});

describe(`rounds after stock comes back (${databaseKind})`, () => {
  it("the editor's save: the first three per unit in the order they asked, the rest one wave later; the mail links to the size and colour", async () => {
    const { productId, slug } = await soldOutS();
    const emails = await waiting(productId, 5, `editor-${databaseKind}`);
    await editorSetsS(productId, 1);
    const now = new Date();
    expect(
      (
        await db()
          .select()
          .from(restockQueue)
          .where(eq(restockQueue.variantId, (await variantOf(productId, "S")).id))
      ).map((q) => q.units),
    ).toEqual([1]);

    const round = await service().runRound(now);
    expect(round).toMatchObject({ notified: 3 });
    expect(await notifiedEmails(productId)).toEqual(emails.slice(0, 3));
    await received(emails.slice(0, 3));
    for (const email of emails.slice(0, 3)) {
      const [mail] = mailsTo(email);
      expect(mail?.subject).toMatch(/^Back in stock: .+ \(S, Black\)$/);
      expect(mailText(mail!.raw)).toContain(`${server.url}/product/${slug}?size=S&color=Black`);
    }
    expect(mailsTo(emails[3]!)).toEqual([]);
    // The link opens the product with S in Black chosen (in stock now).
    const linked = await (await fetch(`${server.url}/product/${slug}?size=S&color=Black`)).text();
    expect(linked).toMatch(/aria-checked="true"[^>]*>S</);

    // The rest: not before the next wave, then the last two.
    expect((await service().runRound(new Date(now.getTime() + 30 * MINUTE))).notified).toBe(0);
    expect((await service().runRound(new Date(now.getTime() + 61 * MINUTE))).notified).toBe(2);
    expect(await notifiedEmails(productId)).toEqual(emails);
    expect((await service().runRound(new Date(now.getTime() + 200 * MINUTE))).notified).toBe(0);
  });

  it("more stock arriving makes the rest due at once; none if the variant sold out again", async () => {
    const { productId } = await soldOutS();
    const emails = await waiting(productId, 8, `more-${databaseKind}`);
    await editorSetsS(productId, 1);
    const now = new Date();
    expect((await service().runRound(now)).notified).toBe(3);
    // Two more units: six more at once, without waiting for the wave.
    await editorSetsS(productId, 3);
    expect((await service().runRound(new Date(now.getTime() + MINUTE))).notified).toBe(5);
    expect(await notifiedEmails(productId)).toEqual(emails);

    const other = await soldOutS();
    await waiting(other.productId, 4, `gone-${databaseKind}`);
    await editorSetsS(other.productId, 1);
    await editorSetsS(other.productId, 0);
    expect((await service().runRound(new Date(Date.now() + 1000))).notified).toBe(0);
    expect(await notifiedEmails(other.productId)).toEqual([]);
    expect(
      await db()
        .select()
        .from(restockQueue)
        .where(eq(restockQueue.variantId, (await variantOf(other.productId, "S")).id)),
    ).toEqual([]);
  });

  it("a CSV import", async () => {
    const { productId } = await soldOutS();
    const emails = await waiting(productId, 4, `csv-${databaseKind}`);
    const s = await variantOf(productId, "S");
    const exported = parse(
      await (await fetch(`${server.url}/admin/products/csv`, { headers: { cookie: adminCookie } })).text(),
      { bom: true },
    ) as string[][];
    const header = exported[0]!;
    const col = (name: string) => header.indexOf(name);
    const rows = exported.map((row) => [...row]);
    const row = rows.find((r) => r[col("variant_sku")] === s.sku)!;
    expect(row, "the S row").toBeDefined();
    row[col("stock")] = "2";
    const csv = rows
      .map((r) => r.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(","))
      .join("\n");
    const post = async (intent: string, token = "") => {
      const res = await fetch(`${server.url}/admin/products/csv?intent=${intent}&token=${encodeURIComponent(token)}`, {
        method: "POST",
        headers: { cookie: adminCookie, origin: server.url, "content-type": "text/csv" },
        body: csv,
      });
      return (await res.json()) as CsvAnswer;
    };
    const preview = await post("preview");
    if (!preview.ok) throw new Error(JSON.stringify(preview));
    const imported = await post("import", preview.plan.token);
    expect(imported.ok, JSON.stringify(imported)).toBe(true);
    expect((await variantOf(productId, "S")).stock).toBe(2);
    expect((await service().runRound(new Date())).notified).toBe(4);
    expect(await notifiedEmails(productId)).toEqual(emails);
  });

  it("an order the owner cancels gives the stock back", async () => {
    const { productId } = await soldOutS();
    await setProductStock(db(), productId, (o) => (o.size === "S" ? 1 : 5));
    const placed = await placeOrder(db(), {
      userId: shopper.id,
      idempotencyKey: `back-in-stock-${databaseKind}-${++key}`,
      lines: [{ productId, size: "S", color: "Black", quantity: 1 }],
      shippingAddress: { ...testAddress, email: "ana.waits@example.com" },
      shippingMethod: "standard",
      paymentMethod: "demo",
      limits: testLimits,
    });
    expect((await variantOf(productId, "S")).stock).toBe(0);
    const emails = await waiting(productId, 5, `cancel-${databaseKind}`);
    const res = await fetch(`${server.url}/admin/orders/${placed.orderNumber}`, {
      method: "POST",
      headers: { cookie: adminCookie, origin: server.url },
      body: new URLSearchParams({ intent: "cancel" }),
    });
    expect(res.status).toBe(200);
    expect((await variantOf(productId, "S")).stock).toBe(1);
    expect((await service().runRound(new Date())).notified).toBe(3);
    expect(await notifiedEmails(productId)).toEqual(emails.slice(0, 3));
  });

  it("a return received and restocked", async () => {
    const { productId } = await soldOutS();
    await setProductStock(db(), productId, (o) => (o.size === "S" ? 2 : 5));
    const placed = await placeOrder(db(), {
      userId: shopper.id,
      idempotencyKey: `back-in-stock-${databaseKind}-${++key}`,
      lines: [{ productId, size: "S", color: "Black", quantity: 2 }],
      shippingAddress: { ...testAddress, email: "ana.waits@example.com" },
      shippingMethod: "standard",
      paymentMethod: "demo",
      limits: testLimits,
    });
    const { events, fulfilment } = server.services();
    await markOrderPaid(db(), events, { orderId: placed.id, paymentMethod: "demo" });
    await moveOrder(fulfilment, { orderId: placed.id, move: "ship", actor, trackingNumber: "1Z999", carrier: "UPS" });
    await moveOrder(fulfilment, { orderId: placed.id, move: "deliver", actor });
    const [item] = await db().select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, placed.id));
    const { rmaNumber } = await server.services().returns.request({
      orderNumber: placed.orderNumber,
      userId: shopper.id,
      lines: [{ orderItemId: item!.id, quantity: 2, reason: "too_small", resolution: "refund" }],
    });
    const emails = await waiting(productId, 7, `return-${databaseKind}`);
    const post = (fields: Record<string, string>) =>
      fetch(`${server.url}/admin/returns/${rmaNumber}`, {
        method: "POST",
        headers: { cookie: adminCookie, origin: server.url },
        body: new URLSearchParams(fields),
      });
    expect((await post({ intent: "approve" })).status).toBe(200);
    const [ret] = await db().select({ id: returns.id }).from(returns).where(eq(returns.rmaNumber, rmaNumber));
    const lines = await db().select({ id: returnItems.id }).from(returnItems).where(eq(returnItems.returnId, ret!.id));
    const fields: Record<string, string> = { intent: "receive" };
    for (const line of lines) fields[dispositionField(line.id)] = "restock";
    expect((await post(fields)).status).toBe(200);
    expect((await variantOf(productId, "S")).stock).toBe(2);
    expect((await service().runRound(new Date())).notified).toBe(6);
    expect(await notifiedEmails(productId)).toEqual(emails.slice(0, 6));
  });

  it("never notifies a subscriber twice: rounds of two instances at once, and the WhatsApp a phone asked for once", async () => {
    const { productId } = await soldOutS();
    const emails = await waiting(productId, 30, `race-${databaseKind}`);
    // One with WhatsApp too.
    await service().subscribe(
      { productId, variantId: "", size: "S", color: "Black", email: "", phone: "+14155550123" },
      { email: `race-phone-${databaseKind}@example.com`, userId: null },
    );
    await editorSetsS(productId, 20);
    // Another server instance's service on the same database.
    const other = createBackInStock({
      db: db(),
      factor: 3,
      waveMs: 60 * MINUTE,
      whatsapp: true,
      rateLimitIpMultiplier: 1,
    });
    const now = new Date(Date.now() + 1000);
    const rounds = await Promise.all([
      service().runRound(now),
      other.runRound(now),
      service().runRound(now),
      other.runRound(now),
    ]);
    expect(rounds.reduce((sum, r) => sum + r.notified, 0)).toBe(31);
    expect(await notifiedEmails(productId)).toEqual([...emails, `race-phone-${databaseKind}@example.com`]);
    const keys = await queryRows<{ key: string; n: number }>(
      db(),
      sql`select n.dedupe_key as key, count(*)::int as n from order_notifications n
           join restock_subscriptions s on n.dedupe_key like 'back_in_stock:' || s.id || ':%'
           join product_variants v on v.id = s.variant_id
          where v.product_id = ${productId} group by n.dedupe_key`,
    );
    expect(keys.length).toBe(32);
    expect(keys.every((k) => k.n === 1)).toBe(true);
    await Promise.all([
      service().runRound(new Date(now.getTime() + DAY)),
      other.runRound(new Date(now.getTime() + DAY)),
    ]);
    await received(emails);
    await expect.poll(() => twilio.messages.filter((m) => m.to === "whatsapp:+14155550123").length).toBe(1);
    const texts = twilio.messages.filter((m) => m.to === "whatsapp:+14155550123");
    expect(texts.length).toBe(1);
    expect(texts[0]!.body).toContain("?size=S&color=Black");
  });

  it("a subscription ends after 90 days: not notified, and a new request records it afresh", async () => {
    const { productId } = await soldOutS();
    const now = new Date();
    const old = await waiting(productId, 2, `old-${databaseKind}`, new Date(now.getTime() - 91 * DAY));
    const fresh = await waiting(productId, 1, `fresh-${databaseKind}`, now);
    await editorSetsS(productId, 5);
    const round = await service().runRound(new Date(now.getTime() + 1000));
    expect(round.notified).toBe(1);
    expect(round.expired).toBeGreaterThanOrEqual(2);
    expect(await statuses(productId)).toEqual([
      { email: old[0], status: "expired" },
      { email: old[1], status: "expired" },
      { email: fresh[0], status: "notified" },
    ]);
    const notifiedRows = await db()
      .select({ id: orderNotifications.id })
      .from(orderNotifications)
      .where(like(orderNotifications.recipient, `old-${databaseKind}%`));
    expect(notifiedRows).toEqual([]);

    // Expiry without a round: a waiting row past 90 days is replaced by a new request.
    const other = await soldOutS();
    const [stale] = await waiting(other.productId, 1, `stale-${databaseKind}`, new Date(now.getTime() - 95 * DAY));
    const again = await subscribe({ productId: other.productId, size: "S", color: "Black", email: stale });
    expect(await again.json()).toMatchObject({ outcome: "recorded" });
  });
});

describe(`the owner's demand waiting (${databaseKind})`, () => {
  it("shows how many wait by product, size and colour, most first; a customer or a visitor gets nothing of it", async () => {
    const busy = await soldOutS();
    const quiet = await soldOutS();
    await waiting(busy.productId, 4, `demand-busy-${databaseKind}`);
    await waiting(quiet.productId, 1, `demand-quiet-${databaseKind}`);
    const demand = await service().demand();
    const busyRow = demand.find((d) => d.productId === busy.productId)!;
    const quietRow = demand.find((d) => d.productId === quiet.productId)!;
    expect(busyRow).toMatchObject({ size: "S", color: "Black", waiting: 4, stock: 0 });
    expect(demand.indexOf(busyRow)).toBeLessThan(demand.indexOf(quietRow));

    const page = await fetch(`${server.url}/admin/products/waiting`, { headers: { cookie: adminCookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Back in stock: demand waiting");
    expect(html).toContain(busyRow.sku);

    const others = { customer: shopper.cookie, visitor: undefined, "shared-password holder": passHolderCookie };
    for (const [who, cookie] of Object.entries(others)) {
      for (const path of ["/admin/products/waiting", "/admin/products/waiting.data"]) {
        const res = await fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
        const text = await res.text();
        expect(text, `${path} ${who}`).not.toContain(busyRow.sku);
        expect(text).not.toContain("demand-busy");
      }
    }
    // The pass holder, in a role without products (SHARED_PASSWORD_ROLE), is refused in words.
    const held = await fetch(`${server.url}/admin/products/waiting`, {
      headers: { cookie: passHolderCookie },
      redirect: "manual",
    });
    expect(held.status).toBe(403);
    expect(await held.text()).toContain("Your role (Fulfilment) does not include products.");
  });
});
