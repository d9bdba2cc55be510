import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderNotifications, orders, products } from "#db/schema/index";
import { ADMIN_ACCESS_MESSAGES } from "~/modules/accounts/admin-grant";
import { NOTIFICATION_MESSAGES } from "~/modules/notifications/delivery-policy";
import {
  FAKE_TWILIO_ACCOUNT_SID,
  FAKE_TWILIO_AUTH_TOKEN,
  FAKE_TWILIO_FROM,
  startFakeTwilio,
  twilioSignature,
  type FakeTwilio,
} from "../support/fake-twilio";
import { signIn, signUp } from "../support/sessions";
import { fillCart, payOrder, placeOrder, sleep } from "../support/shop-load";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { setProductStock } from "../support/catalog-fixtures";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * Notifications through the running server: a shopper's paid checkout reaches the owner on WhatsApp and
 * the shopper by e-mail, once, without the shopper waiting for either; the admin's routes
 * (/api/notifications…, the order page's forms, the outbox viewer) answer admins only, and a customer's
 * request, whatever its URL, method or body, changes nothing; Twilio's status callbacks count only when
 * signed.
 */
const ADMIN = { email: "owner@example.com", password: "OwnerPass123" };
const OWNER_PHONE = "+14155550100";
let server: TestServer;
let twilio: FakeTwilio;
let smtp: SmtpSink;
let adminCookie = "";
let customer: { cookie: string; id: string };
let productId = "";
let order: { id: string; orderNumber: string };

const db = () => server.services().database.db;

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

const post = (path: string, body: BodyInit, cookie: string, type?: string) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, cookie, ...(type ? { "content-type": type } : {}) },
    body,
  });
const postJson = (path: string, body: unknown, cookie: string) =>
  post(path, JSON.stringify(body), cookie, "application/json");
const postForm = (path: string, fields: Record<string, string>, cookie: string) =>
  post(path, new URLSearchParams(fields), cookie);

async function notificationCount(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(orderNotifications);
  return row!.n;
}

beforeAll(async () => {
  twilio = await startFakeTwilio();
  smtp = await startSmtpSink();
  server = await startTestServer({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO_PAYMENTS: "true",
    RATE_LIMIT_IP_MULTIPLIER: "20",
    TWILIO_ACCOUNT_SID: FAKE_TWILIO_ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: FAKE_TWILIO_AUTH_TOKEN,
    TWILIO_WHATSAPP_FROM: `whatsapp:${FAKE_TWILIO_FROM}`,
    ADMIN_WHATSAPP_TO: OWNER_PHONE,
    TWILIO_API_BASE: twilio.url,
    SMTP_URL: smtp.url,
    NOTIFICATION_SEND_TIMEOUT_MS: "1000",
  });
  adminCookie = await signIn(server.url, ADMIN.email, ADMIN.password);
  customer = await signUp(server, "shopper@example.com");
  const [product] = await db().select({ id: products.id }).from(products).where(eq(products.isActive, true)).limit(1);
  productId = product!.id;
  await setProductStock(db(), productId, 500, { sizes: [], colors: [] });
});
afterAll(async () => {
  await server?.stop();
  await twilio?.stop();
  await smtp?.close();
});

describe("notifications over HTTP", () => {
  it("a paid checkout sends one owner WhatsApp and one customer e-mail, after the shopper has the answer", async () => {
    // Twilio answers slowly: the payment's answer does not wait for it.
    twilio.delay(300);
    await fillCart(server.url, customer.cookie, [{ productId, quantity: 2 }]);
    const placed = await placeOrder(server.url, customer.cookie);
    expect(placed.status, placed.text).toBe(200);
    const orderId = String((placed.json as { orderId?: string }).orderId ?? "");
    const paid = await payOrder(server.url, customer.cookie, orderId);
    expect(paid.status, paid.text).toBe(200);
    const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
    order = { id: row!.id, orderNumber: row!.orderNumber };
    expect(twilio.messages.filter((m) => m.body.includes(order.orderNumber))).toHaveLength(0);

    await until("the owner's WhatsApp", async () => twilio.messages.some((m) => m.body.includes(order.orderNumber)));
    await until("the confirmation e-mail", async () => smtp.mails.some((m) => m.subject.includes(order.orderNumber)));
    await until("both rows sent", async () => {
      const rows = await db().select().from(orderNotifications).where(eq(orderNotifications.orderId, order.id));
      return rows.length === 2 && rows.every((r) => r.status === "sent");
    });
    twilio.delay(0);
    // Give a second send every chance to happen: there is none.
    await sleep(1_500);
    const whatsapps = twilio.messages.filter((m) => m.body.includes(order.orderNumber));
    expect(whatsapps).toHaveLength(1);
    expect(whatsapps[0]!.to).toBe(`whatsapp:${OWNER_PHONE}`);
    expect(whatsapps[0]!.body).toContain(`$`);
    const mails = smtp.mails.filter((m) => m.subject.includes(order.orderNumber));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual(["ana@example.com"]);
    expect(mails[0]!.raw).toContain(`/order-confirmation/${order.orderNumber}`);
  });

  it("lists an order's messages for an admin (GET /api/notifications), to nobody else", async () => {
    const list = await fetch(`${server.url}/api/notifications?orderId=${order.id}`, {
      headers: { cookie: adminCookie },
    });
    expect(list.status).toBe(200);
    const body = (await list.json()) as { notifications: Array<{ channel: string; status: string }> };
    expect(body.notifications.map((n) => n.channel).sort()).toEqual(["email", "whatsapp"]);
    const byNumber = await fetch(`${server.url}/api/notifications?orderNumber=${order.orderNumber}`, {
      headers: { cookie: adminCookie },
    });
    expect(((await byNumber.json()) as { notifications: unknown[] }).notifications).toHaveLength(2);

    const asCustomer = await fetch(`${server.url}/api/notifications?orderId=${order.id}`, {
      headers: { cookie: customer.cookie },
    });
    expect(asCustomer.status).toBe(403);
    expect(await asCustomer.json()).toEqual({ error: ADMIN_ACCESS_MESSAGES.forbidden });
    expect((await fetch(`${server.url}/api/notifications`)).status).toBe(401);
  });

  it("a customer's request to any notification action changes nothing and sends nothing", async () => {
    const before = { rows: await notificationCount(), twilio: twilio.requests, mails: smtp.mails.length };
    const [failedRow] = await db()
      .insert(orderNotifications)
      .values({
        orderId: order.id,
        channel: "whatsapp",
        notificationType: "custom",
        audience: "owner",
        recipient: "",
        messageBody: "failed earlier",
        status: "failed",
        errorMessage: "x",
        dedupeKey: "http-failed-row",
      })
      .returning();
    const attempts = [
      () =>
        postJson(
          "/api/notifications/whatsapp",
          { orderId: order.id, customMessage: "hi", phoneNumber: "+15035550100" },
          customer.cookie,
        ),
      () =>
        postJson("/api/notifications/whatsapp", { orderId: order.id, notificationId: failedRow!.id }, customer.cookie),
      () =>
        postJson(
          "/api/notifications/whatsapp",
          { orderId: order.id, notificationType: "order_confirmation", isAdminNotification: true },
          customer.cookie,
        ),
      () => postJson("/api/notifications/email", { orderId: order.id }, customer.cookie),
      () => postJson("/api/notifications/email", { orderId: order.id, notificationId: failedRow!.id }, customer.cookie),
      () => postForm("/api/notifications/email", { orderId: order.id }, customer.cookie),
      () =>
        postForm(
          `/admin/orders/${order.orderNumber}`,
          { intent: "notify-whatsapp", customMessage: "hi", phoneNumber: "+15035550100" },
          customer.cookie,
        ),
      () => postForm(`/admin/orders/${order.orderNumber}.data`, { intent: "notify-email" }, customer.cookie),
      () =>
        postForm(
          `/admin/orders/${order.orderNumber}`,
          { intent: "notify-whatsapp", notificationId: failedRow!.id },
          customer.cookie,
        ),
      () =>
        fetch(`${server.url}/api/notifications/whatsapp`, {
          method: "PUT",
          headers: { cookie: customer.cookie, origin: server.url, "content-type": "application/json" },
          body: JSON.stringify({ orderId: order.id, customMessage: "hi", phoneNumber: "+15035550100" }),
        }),
      () =>
        postJson(
          "/api/notifications/whatsapp",
          { orderId: order.id, customMessage: "hi", phoneNumber: "+15035550100" },
          "",
        ),
    ];
    for (const attempt of attempts) {
      const res = await attempt();
      // The order page's document answer goes back to /admin (its loader's verdict after the refused action).
      if (res.status === 302) expect(res.headers.get("location")).toBe("/admin");
      else expect([401, 403, 405], `${res.url} ${res.status}`).toContain(res.status);
    }
    await sleep(300);
    expect(await notificationCount()).toBe(before.rows + 1);
    const [still] = await db().select().from(orderNotifications).where(eq(orderNotifications.id, failedRow!.id));
    expect(still!.status).toBe("failed");
    expect(twilio.requests).toBe(before.twilio);
    expect(smtp.mails.length).toBe(before.mails);
    await db().delete(orderNotifications).where(eq(orderNotifications.id, failedRow!.id));
  });

  it("the admin sends a custom WhatsApp: blank and bad numbers answer 400 with the spec's texts; a good one goes out", async () => {
    const blank = await postJson(
      "/api/notifications/whatsapp",
      { orderId: order.id, customMessage: "   ", phoneNumber: "+15035550100" },
      adminCookie,
    );
    expect(blank.status).toBe(400);
    expect(((await blank.json()) as { message: string }).message).toBe(NOTIFICATION_MESSAGES.messageRequired);
    const badPhone = await postJson(
      "/api/notifications/whatsapp",
      { orderId: order.id, customMessage: "Hello", phoneNumber: "555-0100" },
      adminCookie,
    );
    expect(badPhone.status).toBe(400);
    expect(((await badPhone.json()) as { message: string }).message).toBe(
      "Invalid phone number format. Please use international format: +1234567890",
    );
    const noPhone = await postJson(
      "/api/notifications/whatsapp",
      { orderId: order.id, customMessage: "Hello" },
      adminCookie,
    );
    expect(noPhone.status).toBe(400);
    const unknown = await postJson(
      "/api/notifications/whatsapp",
      { orderId: "00000000-0000-4000-8000-000000000000", customMessage: "Hello", phoneNumber: "+15035550100" },
      adminCookie,
    );
    expect(unknown.status).toBe(404);
    const huge = await postJson(
      "/api/notifications/whatsapp",
      { orderId: order.id, customMessage: "x".repeat(1601), phoneNumber: "+15035550100" },
      adminCookie,
    );
    expect(huge.status).toBe(400);

    const good = await postJson(
      "/api/notifications/whatsapp",
      {
        orderId: order.id,
        customMessage: "Your parcel ships today",
        phoneNumber: "+1 503 555 0100",
        key: "http-custom-1",
      },
      adminCookie,
    );
    expect(good.status).toBe(200);
    const answer = (await good.json()) as {
      ok: boolean;
      message: string;
      notification: { status: string; recipient: string };
    };
    expect(answer.message).toBe(NOTIFICATION_MESSAGES.whatsappSent);
    expect(answer.notification.status).toBe("sent");
    expect(twilio.messages.at(-1)).toMatchObject({ to: "whatsapp:+15035550100", body: "Your parcel ships today" });

    // From the order page's form (no JavaScript): the same rules.
    const form = await postForm(
      `/admin/orders/${order.orderNumber}`,
      { intent: "notify-whatsapp", customMessage: "Owner copy", isAdminNotification: "on", key: "http-custom-2" },
      adminCookie,
    );
    expect(form.status).toBe(200);
    expect(twilio.messages.at(-1)).toMatchObject({ to: `whatsapp:${OWNER_PHONE}`, body: "Owner copy" });
  });

  it("a failed send answers the provider's reason; resend with a corrected number goes out", async () => {
    twilio.failNext({ status: 400, code: 21211, message: "The 'To' number is not a valid phone number." });
    const res = await postJson(
      "/api/notifications/whatsapp",
      { orderId: order.id, customMessage: "Will fail", phoneNumber: "+15035550111" },
      adminCookie,
    );
    expect(res.status).toBe(502);
    const failed = (await res.json()) as { message: string; notification: { id: string; status: string } };
    expect(failed.message).toBe("Invalid phone number format. Please use international format: +1234567890");
    expect(failed.notification.status).toBe("failed");
    const resend = await postJson(
      "/api/notifications/whatsapp",
      { orderId: order.id, notificationId: failed.notification.id, phoneNumber: "+15035550112" },
      adminCookie,
    );
    expect(resend.status).toBe(200);
    expect(twilio.messages.at(-1)).toMatchObject({ to: "whatsapp:+15035550112", body: "Will fail" });
    const missing = await postJson(
      "/api/notifications/whatsapp",
      { orderId: order.id, notificationId: "00000000-0000-4000-8000-000000000000" },
      adminCookie,
    );
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toBe(NOTIFICATION_MESSAGES.notFound);
  });

  it("POST /api/notifications/email sends the order's e-mail again", async () => {
    const before = smtp.mails.length;
    const res = await postJson("/api/notifications/email", { orderNumber: order.orderNumber }, adminCookie);
    expect(res.status).toBe(200);
    expect(smtp.mails.length).toBe(before + 1);
    expect(smtp.mails.at(-1)!.subject).toBe(`Order confirmed: ${order.orderNumber}`);
  });

  it("Twilio's status callback: signed moves the message to delivered; forged or unsigned answers 403 and changes nothing", async () => {
    const sent = twilio.messages.find((m) => m.body.includes(order.orderNumber))!;
    const id = new URL(sent.statusCallback!).searchParams.get("n")!;
    const status = async () =>
      (await db().select().from(orderNotifications).where(eq(orderNotifications.id, id)))[0]!.status;
    const params = { MessageSid: sent.sid, MessageStatus: "delivered", AccountSid: FAKE_TWILIO_ACCOUNT_SID };
    const callback = (signature: string | null, body = params) =>
      fetch(sent.statusCallback!, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          ...(signature ? { "x-twilio-signature": signature } : {}),
        },
        body: new URLSearchParams(body),
      });
    expect((await callback(null)).status).toBe(403);
    expect((await callback(twilioSignature("not-the-token", sent.statusCallback!, params))).status).toBe(403);
    expect((await callback(twilioSignature(FAKE_TWILIO_AUTH_TOKEN, `${sent.statusCallback!}x`, params))).status).toBe(
      403,
    );
    expect(await status()).toBe("sent");
    expect(await twilio.report(sent.sid, "delivered")).toBe(204);
    expect(await status()).toBe("delivered");
  });

  it("the outbox viewer is for admins only, and without SMTP it shows the mail in a sandbox", async () => {
    const [mailRow] = await db()
      .select()
      .from(orderNotifications)
      .where(eq(orderNotifications.channel, "email"))
      .limit(1);
    // Mail here goes out by SMTP: nothing in an outbox to show.
    expect(
      (await fetch(`${server.url}/admin/notifications/${mailRow!.id}/mail`, { headers: { cookie: adminCookie } }))
        .status,
    ).toBe(404);
    expect(
      (await fetch(`${server.url}/admin/notifications/${mailRow!.id}/mail`, { headers: { cookie: customer.cookie } }))
        .status,
    ).toBe(403);
  });
});

describe("notifications without SMTP or Twilio (the embedded default)", () => {
  let plain: TestServer;
  let admin = "";
  beforeAll(async () => {
    plain = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, DEMO_PAYMENTS: "true" });
    admin = await signIn(plain.url, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await plain?.stop();
  });

  it("writes no WhatsApp message while WhatsApp is off, says so in words, and keeps the e-mail in the outbox for the admin", async () => {
    const shopper = await signUp(plain, "plain@example.com");
    const pdb = plain.services().database.db;
    const [product] = await pdb.select({ id: products.id }).from(products).where(eq(products.isActive, true)).limit(1);
    await setProductStock(pdb, product!.id, 50, { sizes: [], colors: [] });
    await fillCart(plain.url, shopper.cookie, [{ productId: product!.id, quantity: 1 }]);
    const placed = await placeOrder(plain.url, shopper.cookie);
    const orderId = String((placed.json as { orderId?: string }).orderId);
    expect((await payOrder(plain.url, shopper.cookie, orderId)).status).toBe(200);
    const rows = await until("both rows settled", async () => {
      const found = await pdb.select().from(orderNotifications).where(eq(orderNotifications.orderId, orderId));
      return found.length > 0 && found.every((r) => r.status !== "pending") ? found : null;
    });
    expect(rows.map((r) => r.channel)).toEqual(["email"]);
    const mail = rows.find((r) => r.channel === "email")!;
    expect(mail.status).toBe("sent");

    const view = await fetch(`${plain.url}/admin/notifications/${mail.id}/mail`, { headers: { cookie: admin } });
    expect(view.status).toBe(200);
    expect(view.headers.get("content-type")).toContain("text/html");
    expect(view.headers.get("content-security-policy")).toContain("sandbox");
    expect(await view.text()).toContain("Thank you for your order");
    const text = await fetch(`${plain.url}/admin/notifications/${mail.id}/mail?format=text`, {
      headers: { cookie: admin },
    });
    expect(await text.text()).toContain("View your order");
    expect(
      (await fetch(`${plain.url}/admin/notifications/${mail.id}/mail`, { headers: { cookie: shopper.cookie } })).status,
    ).toBe(403);

    const page = await fetch(
      `${plain.url}/admin/orders/${rows[0] ? (await pdb.select().from(orders).where(eq(orders.id, orderId)))[0]!.orderNumber : ""}`,
      {
        headers: { cookie: admin },
      },
    );
    const html = await page.text();
    expect(html).toContain("WhatsApp: off. It turns on when the shop&#x27;s Twilio WhatsApp sender is connected");
    expect(html).toContain("E-mail: kept on this server until a mail server is connected");
    // Words for the owner: the settings' names are in the README.
    expect(html).not.toMatch(/TWILIO_|SMTP_URL/);
    expect(html).not.toContain("is not configured");
    expect(html).toContain(`/admin/notifications/${mail.id}/mail`);
  });
});
