import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  draftOrderEvents,
  draftOrderLines,
  draftOrders,
  orders,
  orderStatusHistory,
  productVariants,
  products,
} from "#db/schema/index";
import { queryRows } from "~/lib/db/client.server";
import { createDraftLinks } from "~/modules/orders/draft-links.server";
import { DRAFT_MESSAGES, draftTotals } from "~/modules/orders/draft-order-rules";
import { PAYMENT_MESSAGES } from "~/modules/orders/checkout-api";
import { DEFAULT_PRICING_RULES } from "~/modules/pricing/pricing";
import { failOrderPayment } from "~/modules/orders/order-payment.server";
import { placeOrder } from "~/modules/orders/place-order.server";
import { testAddress, testLimits } from "../support/fixtures";
import { setProductStock } from "../support/catalog-fixtures";
import { mailText } from "../support/mail-text";
import { signIn, signUp } from "../support/sessions";
import { startFakePayPal, type FakePayPal } from "../support/fake-paypal";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * Draft orders (issue 32) over HTTP on the real server and database: an owner saves a draft with an
 * adjusted price (bad input refused with its message, nothing written), sends its payment link (stock
 * reserved, an order awaiting payment at the draft's prices, the e-mail through a real local SMTP server),
 * the customer pays through the link with the demo payment; a forged, expired or other order's link pays
 * nothing; the sweeper leaves a sent draft alone until its own expiry, then releases its stock; resend and
 * cancel; short stock refused; and a customer, a visitor, a fulfilment and a catalogue member get 403 with
 * nothing changed.
 */
const AUTH_SECRET = "draft-orders-test-secret-0123456789abcdef";
const OWNER = { email: "owner@example.com", password: "OwnerPass123" };
const links = createDraftLinks(AUTH_SECRET);

let server: TestServer;
let smtp: SmtpSink;
let paypal: FakePayPal;
let ownerCookie = "";
let managerCookie = "";
let customerCookie = "";
let fulfilmentCookie = "";
let catalogueCookie = "";
let product: { id: string; name: string; priceCents: number };
let variantId = "";
let customerId = "";

const db = () => server.services().database.db;

async function member(email: string, role: "manager" | "fulfilment" | "catalogue") {
  await signUp(server, email, "Member12345", `A ${role}`);
  await db().execute(sql`update "user" set role = 'admin', staff_role = ${role} where email = ${email}`);
  return signIn(server.url, email, "Member12345");
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  paypal = await startFakePayPal();
  server = await startTestServer({
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.clientSecret,
    PAYPAL_API_BASE: paypal.url,
    AUTH_SECRET,
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    SMTP_URL: smtp.url,
    DEMO_PAYMENTS: "true",
    DRAFT_ORDER_LINK_HOURS: "2",
    RATE_LIMIT_IP_MULTIPLIER: "50",
  });
  ownerCookie = await signIn(server.url, OWNER.email, OWNER.password);
  managerCookie = await member("manager@example.com", "manager");
  fulfilmentCookie = await member("packer@example.com", "fulfilment");
  catalogueCookie = await member("merch@example.com", "catalogue");
  const shopper = await signUp(server, "shopper@example.com", "Shopper123", "Sam Shopper");
  customerCookie = shopper.cookie;
  customerId = shopper.id;
  const [row] = await db()
    .select({ id: products.id, name: products.name, priceCents: products.priceCents })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(products.slug)
    .limit(1);
  product = row!;
  await setProductStock(db(), product.id, 20, { sizes: ["M"], colors: ["Black"] });
  const [variant] = await db()
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(
      and(eq(productVariants.productId, product.id), eq(productVariants.size, "M"), eq(productVariants.color, "Black")),
    );
  variantId = variant!.id;
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await paypal?.stop();
});

const address = (email: string) => ({
  email,
  firstName: "Maya",
  lastName: "Okafor",
  phone: "+1 555 0100",
  address: "1 Main St",
  apartment: "",
  city: "Portland",
  state: "OR",
  postalCode: "97204",
  country: "US",
});

function payload(over: Record<string, unknown> = {}, line: Record<string, unknown> = {}) {
  return {
    address: address("maya.okafor@example.com"),
    shippingMethod: "standard",
    shippingCustom: "",
    discountKind: "percent",
    discountValue: "10",
    discountReason: "Loyal customer",
    note: "As we discussed on Instagram.",
    lines: [{ variantId, quantity: "2", unitPrice: "15.00", reason: "Price matched", ...line }],
    ...over,
  };
}

async function post(path: string, fields: Record<string, string>, cookie = ownerCookie) {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, ...(cookie ? { cookie } : {}), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  return { status: res.status, text: await res.text(), location: res.headers.get("location") };
}

const get = (path: string, cookie = ownerCookie) =>
  fetch(`${server.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });

async function payJson(body: Record<string, unknown>) {
  const res = await fetch(`${server.url}/api/pay`, {
    method: "POST",
    headers: { origin: server.url, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function createDraft(
  over: Record<string, unknown> = {},
  line: Record<string, unknown> = {},
  cookie = ownerCookie,
) {
  const saved = await post(
    "/admin/orders/drafts/new",
    { intent: "save", payload: JSON.stringify(payload(over, line)) },
    cookie,
  );
  expect(saved.status, saved.text.slice(0, 300)).toBe(302);
  const id = /\/admin\/orders\/drafts\/([0-9a-f-]{36})$/.exec(saved.location ?? "")?.[1];
  expect(id).toBeTruthy();
  return id!;
}

const stock = async () =>
  (
    await db().select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, variantId))
  )[0]!.stock;
const draftRow = async (id: string) => (await db().select().from(draftOrders).where(eq(draftOrders.id, id)))[0]!;
const orderOf = async (id: string) => {
  const draft = await draftRow(id);
  return (await db().select().from(orders).where(eq(orders.id, draft.orderId!)))[0]!;
};
const counts = async () => {
  const [row] = await queryRows<{ drafts: number; orders: number; events: number }>(
    db(),
    sql`select (select count(*)::int from draft_orders) as drafts, (select count(*)::int from orders) as orders,
          (select count(*)::int from draft_order_events) as events`,
  );
  return { ...row!, stock: await stock() };
};

async function waitForMail(to: string, count: number) {
  const until = Date.now() + 10_000;
  for (;;) {
    const mails = smtp.mails.filter((m) => m.to.includes(to) && /ready to pay/.test(m.subject));
    if (mails.length >= count) return mails[count - 1]!;
    if (Date.now() > until) throw new Error(`no payment-link mail #${count} to ${to}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const linkIn = (raw: string) => /https?:\/\/\S+\/pay\/(\S+)\?t=(\S+)/.exec(mailText(raw))!;

describe("draft orders", () => {
  it("refuses a bad draft with its messages and writes nothing; saves a good one with the adjusted price", async () => {
    const before = await counts();
    const noReason = await post("/admin/orders/drafts/new", {
      intent: "save",
      payload: JSON.stringify(payload({}, { reason: "" })),
    });
    expect(noReason.status).toBe(400);
    expect(noReason.text).toContain(DRAFT_MESSAGES.reasonRequired);
    const noLines = await post("/admin/orders/drafts/new", {
      intent: "save",
      payload: JSON.stringify(payload({ lines: [] })),
    });
    expect(noLines.status).toBe(400);
    expect(noLines.text).toContain(DRAFT_MESSAGES.noLines);
    const badAddress = await post("/admin/orders/drafts/new", {
      intent: "save",
      payload: JSON.stringify(payload({ address: { ...address("x@example.com"), city: "" } })),
    });
    expect(badAddress.status).toBe(400);
    expect(badAddress.text).toContain("City is required");
    const garbage = await post("/admin/orders/drafts/new", { intent: "save", payload: "{not json" });
    expect(garbage.status).toBe(400);
    expect(garbage.text).not.toMatch(/at JSON\.parse|SyntaxError/);
    expect(await counts()).toEqual(before);

    const id = await createDraft();
    const draft = await draftRow(id);
    expect(draft).toMatchObject({
      customerEmail: "maya.okafor@example.com",
      customerUserId: null,
      discountKind: "percent",
      discountValue: 10,
      orderId: null,
      createdByName: expect.any(String),
    });
    const [line] = await db().select().from(draftOrderLines).where(eq(draftOrderLines.draftId, id));
    expect(line).toMatchObject({
      quantity: 2,
      unitPriceCents: 1_500,
      catalogUnitCents: product.priceCents,
      priceReason: "Price matched",
    });
    const page = await get(`/admin/orders/drafts/${id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`Draft order D${draft.number}`);
    // The item picker finds the product with its variants, stock and catalogue price.
    const picker = await get(`/admin/orders/drafts/products?q=${encodeURIComponent(product.name.slice(0, 6))}`);
    expect(picker.status).toBe(200);
    const found = ((await picker.json()) as { products: Array<{ productId: string; variants: unknown[] }> }).products;
    expect(found.find((p) => p.productId === product.id)?.variants).toContainEqual({
      id: variantId,
      size: "M",
      color: "Black",
      sku: expect.any(String),
      stock: 20,
      priceCents: product.priceCents,
    });
    // A save names the version it opened: a stale one is refused, the current one saves.
    const stale = await post(`/admin/orders/drafts/${id}`, {
      intent: "save",
      payload: JSON.stringify({ ...payload(), version: "2000-01-01T00:00:00.000Z" }),
    });
    expect(stale.status).toBe(409);
    expect(stale.text).toContain(DRAFT_MESSAGES.stale);
    const resaved = await post(`/admin/orders/drafts/${id}`, {
      intent: "save",
      payload: JSON.stringify({ ...payload({}, { quantity: "3" }), version: draft.updatedAt.toISOString() }),
    });
    expect(resaved.status, resaved.text.slice(0, 200)).toBe(200);
    expect(resaved.text).toContain("Draft saved.");
    const [saved] = await db().select().from(draftOrderLines).where(eq(draftOrderLines.draftId, id));
    expect(saved!.quantity).toBe(3);
    // An e-mail with an account: the draft (and its order) is that account's.
    const mine = await createDraft({ address: address("shopper@example.com") });
    expect((await draftRow(mine)).customerUserId).toBe(customerId);
  });

  it("sends the link: stock reserved, an order at the draft's prices awaiting payment, the e-mail; the customer pays by demo", async () => {
    const id = await createDraft({ address: address("pay.me@example.com") });
    const stockBefore = await stock();
    const sent = await post(`/admin/orders/drafts/${id}`, { intent: "send" });
    expect(sent.status, sent.text.slice(0, 300)).toBe(200);
    expect(sent.text).toContain("Payment link sent for ORD-");
    expect(await stock()).toBe(stockBefore - 2);
    const order = await orderOf(id);
    const expected = draftTotals(
      [{ unitPriceCents: 1_500, quantity: 2 }],
      {
        method: "standard",
        shippingCustomCents: null,
        discount: { kind: "percent", value: 10 },
        destination: { country: "US", state: "OR" },
      },
      DEFAULT_PRICING_RULES,
    );
    expect(order).toMatchObject({
      status: "pending",
      paymentStatus: "pending",
      draftOrderId: id,
      subtotalCents: 3_000,
      discountCents: 300,
      totalCents: expected.totalCents,
      customerEmail: "pay.me@example.com",
    });
    const hours = (order.paymentDueAt!.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(1.9);
    expect(hours).toBeLessThanOrEqual(2);

    const edit = await post(`/admin/orders/drafts/${id}`, { intent: "save", payload: JSON.stringify(payload()) });
    expect(edit.status).toBe(409);
    expect(edit.text).toContain(DRAFT_MESSAGES.notEditable);
    const mail = await waitForMail("pay.me@example.com", 1);
    const text = mailText(mail.raw);
    expect(text).toContain("As we discussed on Instagram.");
    expect(text).toContain("Discount (Loyal customer): -$3.00");
    const [, number, token] = linkIn(mail.raw);
    expect(number).toBe(order.orderNumber);

    // The list says so; the order's timeline has the draft's steps.
    const list = await (await get("/admin/orders/drafts?status=sent")).text();
    expect(list).toContain(`D${(await draftRow(id)).number}`);
    const timeline = await (await get(`/admin/orders/${order.orderNumber}`)).text();
    expect(timeline).toContain(`Draft D${(await draftRow(id)).number} payment link sent`);

    // The link's page shows the order staff set, and pays it with the demo payment.
    const page = await get(`/pay/${number}?t=${token}`, "");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(order.orderNumber);
    expect(html).toContain("As we discussed on Instagram.");
    // A declined card leaves the order waiting (the link stays good until it runs out).
    const declined = await payJson({
      token: decodeURIComponent(token!),
      intent: "demo-pay",
      orderId: order.id,
      decline: true,
    });
    expect(declined.status).toBe(402);
    expect((await orderOf(id)).status).toBe("pending");
    expect(await stock()).toBe(stockBefore - 2);
    const paid = await payJson({ token: decodeURIComponent(token!), intent: "demo-pay", orderId: order.id });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.orderNumber).toBe(order.orderNumber);
    expect(await orderOf(id)).toMatchObject({ status: "processing", paymentStatus: "paid", paymentMethod: "demo" });
    expect(await stock()).toBe(stockBefore - 2);
    const paidList = await (await get("/admin/orders/drafts?status=paid")).text();
    expect(paidList).toContain(order.orderNumber);
    expect(await (await get(`/pay/${number}?t=${token}`, "")).text()).toContain("this order is paid");
    // A paid draft is neither sent again nor cancelled.
    expect((await post(`/admin/orders/drafts/${id}`, { intent: "send" })).status).toBe(409);
    expect((await post(`/admin/orders/drafts/${id}`, { intent: "cancel" })).status).toBe(409);
  });

  it("pays through the link with PayPal for the order's own total; a closed PayPal window leaves it waiting", async () => {
    const id = await createDraft({ address: address("paypal.payer@example.com") });
    expect((await post(`/admin/orders/drafts/${id}`, { intent: "send" })).status).toBe(200);
    const order = await orderOf(id);
    const token = links.token(order.orderNumber, order.paymentDueAt!);
    const first = await payJson({ token, intent: "paypal-create", orderId: order.id });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const firstId = first.body.paypalOrderId as string;
    expect(paypal.orders.get(firstId)!.amount.value).toBe((order.totalCents / 100).toFixed(2));
    // The shopper closed PayPal's window: the draft's order still waits, its stock still held.
    expect((await payJson({ token, intent: "paypal-cancel", orderId: order.id })).status).toBe(200);
    expect((await orderOf(id)).status).toBe("pending");
    const second = await payJson({ token, intent: "paypal-create", orderId: order.id });
    const paypalOrderId = second.body.paypalOrderId as string;
    paypal.approve(paypalOrderId);
    const captured = await payJson({ token, intent: "paypal-capture", paypalOrderId });
    expect(captured.status, JSON.stringify(captured.body)).toBe(200);
    expect(await orderOf(id)).toMatchObject({ status: "processing", paymentStatus: "paid", paymentMethod: "paypal" });
    expect((await orderOf(id)).paymentCaptureId).toBeTruthy();
    // Another order's PayPal payment cannot be captured with this link.
    const other = await createDraft({ address: address("paypal.other@example.com") });
    expect((await post(`/admin/orders/drafts/${other}`, { intent: "send" })).status).toBe(200);
    const otherOrder = await orderOf(other);
    const otherToken = links.token(otherOrder.orderNumber, otherOrder.paymentDueAt!);
    const started = await payJson({ token: otherToken, intent: "paypal-create", orderId: otherOrder.id });
    paypal.approve(started.body.paypalOrderId as string);
    const stolen = await payJson({ token, intent: "paypal-capture", paypalOrderId: started.body.paypalOrderId });
    expect(stolen.status).not.toBe(200);
    expect(paypal.captureCount(started.body.paypalOrderId as string)).toBe(0);
    expect((await orderOf(other)).paymentStatus).toBe("pending");
    await post(`/admin/orders/drafts/${other}`, { intent: "cancel" });
  });

  it("refuses a forged, expired or other order's link, changing nothing", async () => {
    const id = await createDraft({ address: address("forged@example.com") });
    expect((await post(`/admin/orders/drafts/${id}`, { intent: "send" })).status).toBe(200);
    const order = await orderOf(id);
    const good = links.token(order.orderNumber, order.paymentDueAt!);
    const [num, exp] = good.split(".");
    const forged = [
      `${num}.${exp}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`,
      links.token(order.orderNumber, new Date(Date.now() - 1_000)),
      createDraftLinks("some-other-secret-0123456789abcdefghij").token(order.orderNumber, order.paymentDueAt!),
      links.token("ORD-00000001", order.paymentDueAt!),
    ];
    for (const token of forged) {
      expect((await get(`/pay/${order.orderNumber}?t=${encodeURIComponent(token)}`, "")).status).toBe(404);
      const paid = await payJson({ token, intent: "demo-pay", orderId: order.id });
      expect(paid.status, token).toBe(404);
    }
    // A genuine link of a non-draft order pays nothing either: only drafts' orders are payable by link.
    const [plain] = await db()
      .insert(orders)
      .values({
        orderNumber: "ORD-99000001",
        subtotalCents: 100,
        totalCents: 100,
        shippingAddress: address("plain@example.com"),
        customerEmail: "plain@example.com",
      })
      .returning({ id: orders.id });
    const plainPay = await payJson({
      token: links.token("ORD-99000001", new Date(Date.now() + 3_600_000)),
      intent: "demo-pay",
      orderId: plain!.id,
    });
    expect(plainPay.status).toBe(404);
    expect((await db().select().from(orders).where(eq(orders.id, plain!.id)))[0]!.paymentStatus).toBe("pending");
    expect((await orderOf(id)).paymentStatus).toBe("pending");
    await post(`/admin/orders/drafts/${id}`, { intent: "cancel" });
  });

  it("holds the stock until the link's own expiry, then releases it; resend reserves again; cancel gives it back", async () => {
    const id = await createDraft({ address: address("slow.payer@example.com") });
    const start = await stock();
    expect((await post(`/admin/orders/drafts/${id}`, { intent: "send" })).status).toBe(200);
    expect(await stock()).toBe(start - 2);
    let order = await orderOf(id);
    // Long past the normal unpaid hold (15 minutes without activity): still waiting, its link is good.
    await db()
      .update(orders)
      .set({ updatedAt: new Date(Date.now() - 86_400_000) })
      .where(eq(orders.id, order.id));
    await server.services().sweepUnpaidOrders();
    expect((await orderOf(id)).status).toBe("pending");
    expect(await stock()).toBe(start - 2);

    // Its time is up: the page and the payment say so even before the sweeper comes by.
    const token = links.token(order.orderNumber, order.paymentDueAt!);
    await db()
      .update(orders)
      .set({ paymentDueAt: new Date(Date.now() - 1_000) })
      .where(eq(orders.id, order.id));
    expect(await (await get(`/pay/${order.orderNumber}?t=${encodeURIComponent(token)}`, "")).text()).toContain(
      "This payment link has expired",
    );
    const late = await payJson({ token, intent: "demo-pay", orderId: order.id });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe(PAYMENT_MESSAGES.linkExpired);
    await server.services().sweepUnpaidOrders();
    order = await orderOf(id);
    expect(order).toMatchObject({ status: "cancelled", paymentStatus: "failed", holdExpiredAt: null });
    expect(await stock()).toBe(start);
    const [history] = await db()
      .select({ note: orderStatusHistory.note })
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, order.id), eq(orderStatusHistory.toStatus, "cancelled")));
    expect(history!.note).toBe("Payment link expired");
    expect(await (await get("/admin/orders/drafts?status=expired")).text()).toContain(
      `D${(await draftRow(id)).number}`,
    );

    // Sent again: a new order, a new reservation, a second e-mail.
    const again = await post(`/admin/orders/drafts/${id}`, { intent: "send" });
    expect(again.status, again.text.slice(0, 200)).toBe(200);
    const second = await orderOf(id);
    expect(second.id).not.toBe(order.id);
    expect(second.status).toBe("pending");
    expect(await stock()).toBe(start - 2);
    await waitForMail("slow.payer@example.com", 2);
    // Sent once more while out: the same order and stock, a later expiry.
    await post(`/admin/orders/drafts/${id}`, { intent: "send" });
    expect((await orderOf(id)).id).toBe(second.id);
    expect(await stock()).toBe(start - 2);
    // Cancelled: the order is cancelled and the stock is back.
    const cancelled = await post(`/admin/orders/drafts/${id}`, { intent: "cancel" });
    expect(cancelled.status).toBe(200);
    expect(await orderOf(id)).toMatchObject({ status: "cancelled" });
    expect(await stock()).toBe(start);
    const kinds = (
      await db().select({ kind: draftOrderEvents.kind }).from(draftOrderEvents).where(eq(draftOrderEvents.draftId, id))
    ).map((e) => e.kind);
    expect(kinds.sort()).toEqual(["cancelled", "created", "link_resent", "link_resent", "link_sent"]);
  });

  it("does not count a draft's order among the customer's own unpaid orders or holds", async () => {
    await setProductStock(db(), product.id, 4, { sizes: ["M"], colors: ["Black"] });
    const id = await createDraft({ address: address("shopper@example.com") });
    expect((await post(`/admin/orders/drafts/${id}`, { intent: "send" })).status).toBe(200);
    expect((await orderOf(id)).userId).toBe(customerId);
    // One unpaid order allowed, half of a variant's stock: the draft holds 2 of 4, the customer may still
    // place one of their own for 1 (of the 2 left: half of 2, their holds not counting the draft's).
    const own = await placeOrder(db(), {
      userId: customerId,
      idempotencyKey: `own-${Date.now()}`,
      lines: [{ productId: product.id, size: "M", color: "Black", quantity: 1 }],
      shippingAddress: { ...testAddress, email: "shopper@example.com" },
      shippingMethod: "standard",
      paymentMethod: "demo",
      limits: { ...testLimits, unpaidOrdersPerAccount: 1, holdSharePercent: 50, holdCooldownMinutes: 60 },
    });
    expect(own.created).toBe(true);
    expect(await stock()).toBe(1);
    await failOrderPayment(db(), own.id);
    await post(`/admin/orders/drafts/${id}`, { intent: "cancel" });
    expect(await stock()).toBe(4);
    await setProductStock(db(), product.id, 20, { sizes: ["M"], colors: ["Black"] });
  });

  it("refuses to send a draft asking for more than is in stock, taking nothing", async () => {
    const id = await createDraft({ address: address("greedy@example.com") }, { quantity: "40" });
    const before = await counts();
    const sent = await post(`/admin/orders/drafts/${id}`, { intent: "send" });
    expect(sent.status).toBe(409);
    expect(sent.text).toContain(`Not enough stock for ${product.name} (M, Black)`);
    expect(await counts()).toEqual(before);
    expect((await draftRow(id)).orderId).toBeNull();
  });

  it("lets a manager in, and gives a customer, a visitor, a fulfilment and a catalogue member 403 with nothing changed", async () => {
    const managed = await createDraft({ address: address("managed@example.com") }, {}, managerCookie);
    expect((await get("/admin/orders/drafts", managerCookie)).status).toBe(200);
    const id = await createDraft({ address: address("secret.person@example.com") });
    const before = await counts();
    const others = { customer: customerCookie, visitor: "", fulfilment: fulfilmentCookie, catalogue: catalogueCookie };
    for (const [who, cookie] of Object.entries(others)) {
      for (const path of [
        "/admin/orders/drafts",
        "/admin/orders/drafts.data",
        `/admin/orders/drafts/${id}`,
        `/admin/orders/drafts/${id}.data`,
        "/admin/orders/drafts/products?q=a",
      ]) {
        const res = await get(path, cookie);
        const text = await res.text();
        expect(text, `${path} ${who}`).not.toContain("secret.person@example.com");
        if (path.includes("products") || (cookie && who !== "customer")) expect(res.status, `${path} ${who}`).toBe(403);
      }
      for (const [path, fields] of [
        ["/admin/orders/drafts/new", { intent: "save", payload: JSON.stringify(payload()) }],
        [`/admin/orders/drafts/${id}`, { intent: "save", payload: JSON.stringify(payload()) }],
        [`/admin/orders/drafts/${id}`, { intent: "send" }],
        [`/admin/orders/drafts/${id}`, { intent: "cancel" }],
      ] as const) {
        const res = await post(path, fields, cookie);
        expect(res.status, `${path} ${fields.intent} ${who}`).toBe(403);
      }
    }
    expect(await counts()).toEqual(before);
    expect((await draftRow(id)).orderId).toBeNull();
    expect((await draftRow(managed)).createdByName).toBe("A manager");
  });
});
