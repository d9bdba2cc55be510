import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderNotifications, orders, products, user } from "#db/schema/index";
import { DEFAULT_SETTINGS } from "~/modules/settings/settings-defaults";
import type { SettingsActor } from "~/modules/settings/settings.server";
import { setProductStock } from "../support/catalog-fixtures";
import { signUp } from "../support/sessions";
import { fillCart, payOrder, placeOrder, sleep } from "../support/shop-load";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * The owner's store settings reach the storefront and the e-mails (issue 26), through the real server
 * and database: after a save, the header, footer, announcement bar, home hero and figures and the
 * information pages show the new values at once (the guest page cache, ten minutes here, is emptied by
 * the save); an order's e-mail carries the store's name, contact and return address; the owner's
 * new-order alert arrives by e-mail when Settings → Notifications has an address, and none is written
 * when it has not.
 */
const ADMIN = { email: "owner@example.com", password: "OwnerPass123" };
let server: TestServer;
let smtp: SmtpSink;
let actor: SettingsActor;
let customer: { cookie: string; id: string };
let productId = "";

const db = () => server.services().database.db;
const settings = () => server.services().settings;

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

async function guestGet(path: string): Promise<{ cache: string | null; html: string }> {
  const res = await fetch(`${server.url}${path}`, { redirect: "manual" });
  expect(res.status, path).toBe(200);
  return { cache: res.headers.get("x-cache"), html: await res.text() };
}

/** Saves a section as the owner would, at its current version. */
async function save<S extends "store" | "pages" | "notifications" | "returns">(section: S, value: unknown) {
  const current = await settings().editable();
  return settings().save(actor, section, value, current[section].version);
}

async function paidOrder(): Promise<{ id: string; orderNumber: string }> {
  await fillCart(server.url, customer.cookie, [{ productId, quantity: 1 }]);
  const placed = await placeOrder(server.url, customer.cookie);
  expect(placed.status, placed.text).toBe(200);
  const orderId = String((placed.json as { orderId?: string }).orderId ?? "");
  const paid = await payOrder(server.url, customer.cookie, orderId);
  expect(paid.status, paid.text).toBe(200);
  const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
  return { id: row!.id, orderNumber: row!.orderNumber };
}

/** A quoted-printable text (a mail's body, or a header's `=?UTF-8?Q?…?=` words) as the text it encodes. */
function decodeQuotedPrintable(text: string, header = false): string {
  const bytes: number[] = [];
  const source = header ? text.replace(/_/g, " ") : text.replace(/=\r?\n/g, "");
  for (let i = 0; i < source.length; i++) {
    const hex = source[i] === "=" ? source.slice(i + 1, i + 3) : "";
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(source[i]!, "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}
const decodeSubject = (subject: string) =>
  subject
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_m, word: string) => decodeQuotedPrintable(word, true));

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO_PAYMENTS: "true",
    RATE_LIMIT_IP_MULTIPLIER: "20",
    PAGE_CACHE_SECONDS: "600",
    SMTP_URL: smtp.url,
    NOTIFICATION_SEND_TIMEOUT_MS: "2000",
  });
  const [admin] = await db().select({ id: user.id }).from(user).where(eq(user.email, ADMIN.email));
  actor = { kind: "member", id: admin!.id, email: ADMIN.email, name: "Owner" };
  customer = await signUp(server, "settings-buyer@example.com");
  const [product] = await db().select({ id: products.id }).from(products).where(eq(products.isActive, true)).limit(1);
  productId = product!.id;
  await setProductStock(db(), productId, 500, { sizes: [], colors: [] });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const STORE = {
  ...DEFAULT_SETTINGS.store,
  name: "Fern & Moss",
  contactEmail: "hello@fern-moss.example",
  contactPhone: "+44 20 7946 0000",
  returnAddress: "Fern & Moss Returns\n1 High Street\nLondon N1 9GU",
  announcement: "Winter sale: 20% off every coat",
};

describe("the storefront follows the store settings", () => {
  it("shows the demo shop's defaults: its name, its figures, its announcement bar", async () => {
    const home = await guestGet("/");
    expect(home.html).toContain("<title>Abundance Collection | Considered clothing for every day</title>");
    expect(home.html).toContain("Clothes you reach for every day");
    expect(home.html).toContain("10K+");
    expect(home.html).toContain('data-testid="announcement"');
    expect(home.html).toContain("Free shipping on orders over $50 · 30-day returns");
    expect(home.html).toContain('"@type":"Organization"');
    const contact = await guestGet("/contact-us");
    expect(contact.html).toContain('<a href="mailto:support@abundancecollection.example">');
    expect(contact.html).toContain("<title>Contact Us | Abundance Collection</title>");
    // Both are now in the guest page cache.
    expect((await guestGet("/")).cache).toBe("HIT");
    expect((await guestGet("/contact-us")).cache).toBe("HIT");
  });

  it("after a save of the store and the pages, every cached page shows the new values at once", async () => {
    await save("store", STORE);
    const pages = DEFAULT_SETTINGS.pages;
    await save("pages", {
      ...pages,
      pages: {
        ...pages.pages,
        contact: `Write to {{storeName}}.\n\n## Reach us\n\n{{contactEmail}} · {{contactPhone}}\n\n{{returnAddress}}\n\n<script>alert("x")</script> [bad](javascript:alert(1))`,
      },
      hero: {
        imageUrl: "/images/hero.svg",
        eyebrow: "Handmade in London",
        heading: "Knitwear for long walks",
        text: "Wool from farms we visit.",
        buttonLabel: "See the knits",
        buttonHref: "/shop/women",
      },
      stats: [],
    });

    const home = await guestGet("/");
    expect(home.cache).not.toBe("HIT");
    const name = escapeHtml(STORE.name);
    expect(home.html).toContain(`<title>${name} | Considered clothing for every day</title>`);
    // Header (the home link), announcement bar, footer (name, contact, copyright).
    expect(home.html).toMatch(new RegExp(`<a[^>]*href="/"[^>]*>${name}</a>`));
    expect(home.html).toContain(`data-testid="announcement"`);
    expect(home.html).toContain("Winter sale: 20% off every coat");
    expect(home.html).toContain(`href="mailto:${STORE.contactEmail}"`);
    expect(home.html).toContain(`href="tel:+442079460000"`);
    expect(home.html).toMatch(new RegExp(`${name}(<!-- -->)?\\. All rights reserved\\.`));
    expect(home.html).not.toContain("Abundance Collection");
    // The hero, and no figures line without figures.
    expect(home.html).toContain("Handmade in London");
    expect(home.html).toContain("Knitwear for long walks");
    expect(home.html).toContain("Wool from farms we visit.");
    expect(home.html).toMatch(/href="\/shop\/women"[^>]*>See the knits</);
    expect(home.html).not.toContain("10K+");
    expect(home.html).not.toContain('aria-label="Our numbers"');

    const contact = await guestGet("/contact-us");
    expect(contact.cache).not.toBe("HIT");
    expect(contact.html).toContain(`<title>Contact Us | ${name}</title>`);
    expect(contact.html).toContain(`Write to ${name}.`);
    expect(contact.html).toContain(`<a href="mailto:${STORE.contactEmail}">${STORE.contactEmail}</a>`);
    expect(contact.html).toContain(`<a href="tel:+442079460000">+44 20 7946 0000</a>`);
    expect(contact.html).toContain("Fern &amp; Moss Returns<br>");
    // The owner's raw HTML is text, their javascript: link no link.
    expect(contact.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(contact.html).not.toContain('<script>alert("x")</script>');
    expect(contact.html).not.toMatch(/href="javascript:/i);

    // Another information page, never shown before the save: it names the store too.
    const terms = await guestGet("/terms");
    expect(terms.html).toContain(`<title>Terms of Service | ${name}</title>`);
    expect(terms.html).toContain(`buy from ${name}`);
  });

  it("shows the logo, with the store's name as its alt text, once the owner has one", async () => {
    await save("store", { ...STORE, logoUrl: "/images/hero.svg" });
    const home = await guestGet("/");
    expect(home.html).toMatch(/<img src="\/images\/hero\.svg" alt="Fern &amp; Moss"/);
    await save("store", STORE);
  });

  it("shows the figures line once the owner has figures", async () => {
    const current = await settings().read();
    await save("pages", { ...current.pages, stats: [{ value: "12", label: "Years of knitting" }] });
    const home = await guestGet("/");
    expect(home.html).toContain('aria-label="Our numbers"');
    expect(home.html).toContain("Years of knitting");
  });

  it("says the owner's return window everywhere the shop promises it: the returns page, the home page, the footer, a product", async () => {
    const defaults = await guestGet("/returns");
    expect(defaults.html).toContain("Our 30-day return policy");
    await save("returns", { windowDays: 45 });
    const policy = await guestGet("/returns");
    expect(policy.html).toContain("Our 45-day return policy");
    expect(policy.html).toContain("You have 45 days from the day your order is delivered");
    expect(policy.html).not.toContain("30 days");
    const home = await guestGet("/");
    expect(home.html).toContain("45-Day Returns");
    expect(home.html).toContain("Return or exchange it within 45 days.");
    expect(home.html).toContain("45-day returns.");
    const [product] = await db()
      .select({ slug: products.slug })
      .from(products)
      .where(eq(products.isActive, true))
      .limit(1);
    expect((await guestGet(`/product/${product!.slug}`)).html).toContain("Free 45-day returns and exchanges");
    await expect(save("returns", { windowDays: 0 })).rejects.toMatchObject({
      fieldErrors: { windowDays: "Return window must be at least 1 day" },
    });
    await save("returns", { windowDays: 30 });
  });
});

describe("e-mails follow the store settings", () => {
  it("an order's e-mail names the store, its contact and return address; no owner alert without an owner e-mail", async () => {
    const order = await paidOrder();
    const mail = await until("the confirmation e-mail", async () =>
      smtp.mails.find((m) => m.subject.includes(order.orderNumber)),
    );
    const text = decodeQuotedPrintable(mail.raw);
    // From the store's name, at MAIL_FROM's address.
    expect(text).toMatch(/^From: "?Fern & Moss"? <shop@localhost>/m);
    expect(text).toContain("Fern &amp; Moss");
    expect(text).toContain(STORE.contactEmail);
    expect(text).toContain(STORE.contactPhone);
    expect(text).toContain("1 High Street");
    expect(text).not.toContain("Abundance Collection");

    // Settings → Notifications has no owner e-mail (the default): no alert row at all, not a failed one.
    await until("the confirmation sent", async () => {
      const rows = await db().select().from(orderNotifications).where(eq(orderNotifications.orderId, order.id));
      return rows.length > 0 && rows.every((r) => r.status === "sent");
    });
    const rows = await db().select().from(orderNotifications).where(eq(orderNotifications.orderId, order.id));
    expect(rows.map((r) => `${r.channel}:${r.audience}`)).toEqual(["email:customer"]);
  });

  it("the owner's new-order alert arrives by e-mail with the order number, once, when an owner e-mail is set", async () => {
    await save("notifications", { ownerEmail: "alerts@fern-moss.example", newOrderAlerts: true });
    const order = await paidOrder();
    const alert = await until("the owner's alert", async () =>
      smtp.mails.find((m) => m.to.includes("alerts@fern-moss.example") && m.subject.includes(order.orderNumber)),
    );
    expect(decodeSubject(alert.subject)).toMatch(new RegExp(`^New order ${order.orderNumber} — \\$\\d`));
    const text = decodeQuotedPrintable(alert.raw);
    expect(text).toContain(`/admin/orders/${order.orderNumber}`);
    expect(text).toContain("Open the order");

    const [row] = await db()
      .select()
      .from(orderNotifications)
      .where(
        and(
          eq(orderNotifications.orderId, order.id),
          eq(orderNotifications.channel, "email"),
          eq(orderNotifications.audience, "owner"),
        ),
      );
    await until("the alert row sent", async () => {
      const [now] = await db().select().from(orderNotifications).where(eq(orderNotifications.id, row!.id));
      return now?.status === "sent";
    });
    const [sent] = await db().select().from(orderNotifications).where(eq(orderNotifications.id, row!.id));
    expect(sent!.recipient).toBe("alerts@fern-moss.example");
    // It is on the order's notification list (the panel's).
    const listed = await server.services().notifications.list(order.id);
    expect(listed.some((n) => n.channel === "email" && n.audience === "owner" && n.status === "sent")).toBe(true);
    await sleep(500);
    expect(smtp.mails.filter((m) => m.to.includes("alerts@fern-moss.example"))).toHaveLength(1);
  });

  it("alerts turned off write no owner e-mail", async () => {
    await save("notifications", { ownerEmail: "alerts@fern-moss.example", newOrderAlerts: false });
    const order = await paidOrder();
    await until("the confirmation sent", async () => {
      const rows = await db().select().from(orderNotifications).where(eq(orderNotifications.orderId, order.id));
      return rows.length > 0 && rows.every((r) => r.status === "sent");
    });
    const rows = await db().select().from(orderNotifications).where(eq(orderNotifications.orderId, order.id));
    expect(rows.map((r) => `${r.channel}:${r.audience}`)).toEqual(["email:customer"]);
  });
});
