import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder, openDatabase, queryRows, type Database } from "~/lib/db/client.server";
import { listAdminOrders } from "~/modules/orders/admin-orders.server";
import { cancelAbandonedOrders } from "~/modules/orders/order-payment.server";
import { prepareDatabaseLocation, databaseKind, type DatabaseLocation } from "../support/test-database";

/**
 * Migration 0014 on a database made by the previous release: its schema (migrations 0000–0013, the
 * release before variants) with products, a pending and a paid order in it; then today's migrations.
 * No unit of stock may be lost, every product gets its variants, and old order lines point at theirs.
 */

/** The previous release's migrations: today's folder with the journal cut before `firstNew`. */
function migrationsBefore(firstNew: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "abundance-migrations-"));
  mkdirSync(path.join(dir, "meta"));
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as {
    entries: Array<{ tag: string }>;
  };
  const cut = journal.entries.findIndex((e) => e.tag.startsWith(firstNew));
  if (cut < 0) throw new Error(`no migration ${firstNew}`);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify(journal));
  for (const { tag } of journal.entries)
    copyFileSync(path.join(migrationsFolder(), `${tag}.sql`), path.join(dir, `${tag}.sql`));
  for (const file of readdirSync(path.join(migrationsFolder(), "meta")))
    if (file.endsWith("_snapshot.json"))
      copyFileSync(path.join(migrationsFolder(), "meta", file), path.join(dir, "meta", file));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

let location: DatabaseLocation;
let upgraded: Database;

const PRODUCTS = [
  // sizes × colours: 3 × 2 variants, all 17 units on S/Black
  { slug: "tee", sku: "TEE-01", sizes: ["S", "M", "L"], colors: ["Black", "White"], inventory: 17 },
  // sizes only, with a blank and a repeat the old editor let through
  { slug: "jeans", sku: "JEAN-01", sizes: ["30", " ", "32", "30"], colors: [], inventory: 4 },
  // neither: one variant with the product's own SKU
  { slug: "tote", sku: "TOTE-01", sizes: [], colors: [], inventory: 9 },
  // sold out
  { slug: "cap", sku: "CAP-01", sizes: ["S", "M"], colors: ["Red"], inventory: 0 },
  // a product whose derived SKU would clash with another's own
  { slug: "hat", sku: "TEE-01-S", sizes: [], colors: [], inventory: 2 },
];

beforeAll(async () => {
  location = await prepareDatabaseLocation({ empty: true });
  const previous = migrationsBefore("0014_");
  try {
    const old = await openDatabase({ ...location, poolSize: 2, migrations: previous.dir });
    const { db } = old;
    for (const p of PRODUCTS)
      await db.execute(
        sql`insert into products (name, slug, sku, price_cents, sizes, colors, inventory)
            values (${p.slug}, ${p.slug}, ${p.sku}, 2500, ${sql.param(p.sizes)}::text[], ${sql.param(p.colors)}::text[], ${p.inventory})`,
      );
    await db.execute(sql`insert into "user" (id, name, email) values ('u1', 'Buyer', 'buyer@example.com')`);
    // Issue 31: a newsletter subscriber of the previous release (its consent is dated from its registration).
    await db.execute(
      sql`insert into profiles (user_id, full_name, subscribe_newsletter, created_at)
          values ('u1', 'Buyer', true, timestamptz '2025-12-01T09:00:00Z')`,
    );
    const address = JSON.stringify({ firstName: "Ada", lastName: "O. Okafor", email: "buyer@example.com" });
    for (const [number, status, payment] of [
      ["ORD-1", "pending", "pending"],
      ["ORD-2", "processing", "paid"],
    ] as const) {
      await db.execute(
        sql`insert into orders (order_number, user_id, status, payment_status, subtotal_cents, total_cents,
              shipping_address, customer_email, payment_method, paid_at)
            values (${number}, 'u1', ${status}, ${payment}, 5000, 5000, ${address}::jsonb, 'buyer@example.com', 'demo',
              ${payment === "paid" ? new Date().toISOString() : null}::timestamptz)`,
      );
      await db.execute(
        sql`insert into order_items (order_id, product_id, product_name, product_sku, size, color, quantity,
              unit_price_cents, total_price_cents)
            select o.id, p.id, p.name, p.sku, ${"M"}, ${"White"}, 1, 2500, 2500
            from orders o, products p where o.order_number = ${number} and p.slug = 'tee'`,
      );
      await db.execute(
        sql`insert into order_items (order_id, product_id, product_name, product_sku, size, color, quantity,
              unit_price_cents, total_price_cents)
            select o.id, p.id, p.name, p.sku, null, null, 1, 2500, 2500
            from orders o, products p where o.order_number = ${number} and p.slug = 'tote'`,
      );
    }
    // For migration 0021: an order delivered two days ago, and a cancelled PayPal order refunded in full.
    const other = JSON.stringify({ firstName: "Kofi", lastName: "Mensah", email: "kofi@example.com" });
    for (const [number, status, payment, method, capture, refund] of [
      ["ORD-3", "delivered", "paid", "demo", null, null],
      ["ORD-4", "cancelled", "refunded", "paypal", "CAPTURE-4", "REFUND-4"],
    ] as const) {
      await db.execute(
        sql`insert into orders (order_number, user_id, status, payment_status, subtotal_cents, shipping_cents,
              tax_cents, total_cents, shipping_address, customer_email, payment_method, payment_capture_id, refund_id, paid_at)
            values (${number}, 'u1', ${status}, ${payment}, 4000, 999, 320, 5319, ${other}::jsonb, 'kofi@example.com',
              ${method}, ${capture}, ${refund}, now() - interval '5 days')`,
      );
    }
    await db.execute(
      sql`insert into order_status_history (order_id, from_status, to_status, from_payment_status, to_payment_status, actor_name, created_at)
          select id, 'shipped', 'delivered', 'paid', 'paid', 'Admin', timestamptz '2026-01-02T10:00:00Z'
          from orders where order_number = 'ORD-3'`,
    );
    await old.close();
  } finally {
    previous.remove();
  }
  upgraded = await openDatabase({ ...location, poolSize: 2 });
}, 120_000);

afterAll(async () => {
  await upgraded?.close();
  await location?.cleanup();
});

interface VariantRow {
  slug: string;
  size: string;
  color: string;
  sku: string;
  stock: number;
  position: number;
}

async function variants(): Promise<VariantRow[]> {
  return queryRows<VariantRow>(
    upgraded.db,
    sql`select p.slug, v.size, v.color, v.sku, v.stock, v.position
        from product_variants v join products p on p.id = v.product_id
        order by p.slug, v.position`,
  );
}

describe(`migration 0014 on a database of the previous release (${databaseKind})`, () => {
  it("gives every product one variant per size and colour, its whole stock on the first", async () => {
    const rows = await variants();
    const of = (slug: string) => rows.filter((r) => r.slug === slug);
    expect(of("tee").map((r) => `${r.size}/${r.color}:${r.stock}`)).toEqual([
      "S/Black:17",
      "S/White:0",
      "M/Black:0",
      "M/White:0",
      "L/Black:0",
      "L/White:0",
    ]);
    expect(of("jeans").map((r) => `${r.size}:${r.stock}`)).toEqual(["30:4", "32:0"]);
    expect(of("tote")).toEqual([expect.objectContaining({ size: "", color: "", sku: "TOTE-01", stock: 9 })]);
    expect(of("cap").map((r) => r.stock)).toEqual([0, 0]);
    expect(of("tee").map((r) => r.sku)).toContain("TEE-01-M-WHITE");
  });

  it("loses no unit: each product's inventory is still what it was, and the sum of its variants", async () => {
    const rows = await queryRows<{ slug: string; inventory: number; total: number }>(
      upgraded.db,
      sql`select p.slug, p.inventory, coalesce(sum(v.stock), 0)::int as total
          from products p left join product_variants v on v.product_id = p.id group by p.slug, p.inventory`,
    );
    for (const p of PRODUCTS) {
      const row = rows.find((r) => r.slug === p.slug)!;
      expect(row.inventory).toBe(p.inventory);
      expect(row.total).toBe(p.inventory);
    }
  });

  it("keeps every SKU unique, a derived one that met a product's own SKU included", async () => {
    const rows = await variants();
    expect(new Set(rows.map((r) => r.sku)).size).toBe(rows.length);
    expect(rows.filter((r) => r.sku.startsWith("TEE-01-S")).length).toBe(3);
  });

  it("points the lines of earlier orders at the variants of their size and colour", async () => {
    const lines = await queryRows<{ order_number: string; slug: string; size: string; color: string }>(
      upgraded.db,
      sql`select o.order_number, p.slug, v.size, v.color
          from order_items i join orders o on o.id = i.order_id
          join product_variants v on v.id = i.variant_id join products p on p.id = v.product_id
          order by o.order_number, p.slug`,
    );
    expect(lines).toEqual([
      { order_number: "ORD-1", slug: "tee", size: "M", color: "White" },
      { order_number: "ORD-1", slug: "tote", size: "", color: "" },
      { order_number: "ORD-2", slug: "tee", size: "M", color: "White" },
      { order_number: "ORD-2", slug: "tote", size: "", color: "" },
    ]);
  });

  it("keeps inventory the sum of the variants on every later write", async () => {
    await upgraded.db.execute(
      sql`update product_variants set stock = stock + 3 where sku in ('TEE-01-M-WHITE', 'TEE-01-L-BLACK')`,
    );
    await upgraded.db.execute(sql`delete from product_variants where sku = 'TEE-01-S-BLACK'`);
    const [tee] = await queryRows<{ inventory: number }>(
      upgraded.db,
      sql`select inventory from products where slug = 'tee'`,
    );
    expect(tee!.inventory).toBe(6);
  });
});

describe(`migration 0016 on orders of the previous release (${databaseKind})`, () => {
  it("gives earlier orders their name's words: the admin's search finds them by a word of the last name", async () => {
    // Neither the e-mail ('buyer@…') nor the whole name ('ada o. okafor') starts with it: only the words do.
    const found = await listAdminOrders(upgraded.db, { q: "okafor", status: null, payment: null, page: 1 });
    expect(found.rows.map((r) => r.orderNumber).sort()).toEqual(["ORD-1", "ORD-2"]);
  });
});

describe(`migration 0017 on a shop of the previous release (${databaseKind})`, () => {
  it("adds the settings' tables empty: the upgraded shop runs on its defaults, its orders untouched", async () => {
    const [settings] = await queryRows<{ n: number }>(upgraded.db, sql`select count(*)::int as n from shop_settings`);
    const [changes] = await queryRows<{ n: number }>(upgraded.db, sql`select count(*)::int as n from settings_changes`);
    expect(settings!.n).toBe(0);
    expect(changes!.n).toBe(0);
    const orders = await queryRows<{ n: string }>(
      upgraded.db,
      sql`select order_number as n from orders where order_number in ('ORD-1', 'ORD-2') order by 1`,
    );
    expect(orders.map((o) => o.n)).toEqual(["ORD-1", "ORD-2"]);
  });
});

describe(`migration 0018 on a shop of the previous release (${databaseKind})`, () => {
  it("adds the hold columns empty: orders keep their status, payment and totals, an unpaid one still unpaid", async () => {
    const rows = await queryRows<{
      n: string;
      status: string;
      payment: string;
      total: number;
      address: string | null;
      expired: string | null;
    }>(
      upgraded.db,
      sql`select order_number as n, status, payment_status as payment, total_cents as total,
                 hold_address as address, hold_expired_at as expired
            from orders where order_number in ('ORD-1', 'ORD-2') order by 1`,
    );
    expect(rows).toEqual([
      { n: "ORD-1", status: "pending", payment: "pending", total: 5000, address: null, expired: null },
      { n: "ORD-2", status: "processing", payment: "paid", total: 5000, address: null, expired: null },
    ]);
  });
});

describe(`migration 0019 on a shop of the previous release (${databaseKind})`, () => {
  it("gives earlier orders and their lines no discount: totals, status and payment kept, and the new amounts rule holds", async () => {
    const rows = await queryRows<{ n: string; status: string; payment: string; total: number; discount: number }>(
      upgraded.db,
      sql`select order_number as n, status, payment_status as payment, total_cents as total, discount_cents as discount
            from orders where order_number in ('ORD-1', 'ORD-2') order by 1`,
    );
    expect(rows).toEqual([
      { n: "ORD-1", status: "pending", payment: "pending", total: 5000, discount: 0 },
      { n: "ORD-2", status: "processing", payment: "paid", total: 5000, discount: 0 },
    ]);
    const [lines] = await queryRows<{ n: number; discounted: number }>(
      upgraded.db,
      sql`select count(*)::int as n, count(*) filter (where discount_cents <> 0)::int as discounted from order_items`,
    );
    expect(lines!.n).toBeGreaterThan(0);
    expect(lines!.discounted).toBe(0);
    // Cancelling an earlier order goes through the new trigger with nothing to give back.
    await upgraded.db.execute(sql`update orders set status = 'cancelled' where order_number = 'ORD-1'`);
    const [promotions] = await queryRows<{ discounts: number; used: number }>(
      upgraded.db,
      sql`select (select count(*)::int from discounts) as discounts, (select count(*)::int from order_discounts) as used`,
    );
    expect(promotions).toEqual({ discounts: 0, used: 0 });
  });
});

describe(`migration 0020 on a shop of the previous release (${databaseKind})`, () => {
  it("zeroes the seeded ratings (there are no reviews yet), gives products no chart or fit, and keeps the orders", async () => {
    const products = await queryRows<{
      slug: string;
      rating: number;
      count: number;
      chart: string | null;
      fit: string;
    }>(
      upgraded.db,
      sql`select slug, rating::float as rating, review_count as count, size_chart_id as chart, fit_note as fit
            from products order by slug`,
    );
    expect(products.map((p) => p.slug)).toEqual(["cap", "hat", "jeans", "tee", "tote"]);
    for (const p of products) expect(p).toMatchObject({ rating: 0, count: 0, chart: null, fit: "" });
    const [counts] = await queryRows<{ orders: number; reviews: number; stats: number }>(
      upgraded.db,
      sql`select (select count(*)::int from orders) as orders, (select count(*)::int from reviews) as reviews,
                 (select count(*)::int from review_stats) as stats`,
    );
    expect(counts).toEqual({ orders: 4, reviews: 0, stats: 0 });
    // An earlier order's line can be reviewed: the new table takes its ids.
    await upgraded.db.execute(
      sql`insert into reviews (product_id, user_id, order_id, order_item_id, size, rating, title, body, author_name, verified)
          select i.product_id, 'u1', i.order_id, i.id, i.size, 5, 'Great', 'Fits well', 'Ada O.', true
          from order_items i join orders o on o.id = i.order_id
          where o.order_number = 'ORD-2' and i.size = 'M'`,
    );
    const [review] = await queryRows<{ n: number }>(upgraded.db, sql`select count(*)::int as n from reviews`);
    expect(review!.n).toBe(1);
  });
});

describe(`migration 0021 on a shop of the previous release (${databaseKind})`, () => {
  it("dates a delivered order's delivery from its history, and records a refunded order's refund", async () => {
    const rows = await queryRows<{
      n: string;
      delivered: string | null;
      refunded: number;
      payment: string;
    }>(
      upgraded.db,
      sql`select order_number as n, delivered_at::text as delivered, refunded_cents as refunded, payment_status as payment
            from orders order by 1`,
    );
    expect(
      rows.map((r) => [r.n, r.delivered === null ? null : new Date(r.delivered).toISOString(), r.refunded, r.payment]),
    ).toEqual([
      ["ORD-1", null, 0, "pending"],
      ["ORD-2", null, 0, "paid"],
      ["ORD-3", "2026-01-02T10:00:00.000Z", 0, "paid"],
      ["ORD-4", null, 5319, "refunded"],
    ]);
    const refunds = await queryRows<{
      n: string;
      amount: number;
      tax: number;
      shipping: number;
      method: string;
      id: string;
    }>(
      upgraded.db,
      sql`select o.order_number as n, r.amount_cents as amount, r.tax_cents as tax, r.shipping_cents as shipping,
                 r.method, r.provider_refund_id as id
            from order_refunds r join orders o on o.id = r.order_id`,
    );
    expect(refunds).toEqual([{ n: "ORD-4", amount: 5319, tax: 320, shipping: 999, method: "paypal", id: "REFUND-4" }]);
    const [returns] = await queryRows<{ n: number }>(upgraded.db, sql`select count(*)::int as n from returns`);
    expect(returns!.n).toBe(0);
  });
});

describe(`migration 0022 on a shop of the previous release (${databaseKind})`, () => {
  it("adds back in stock empty, leaves the variants as they were, and queues a rise only while someone waits", async () => {
    const [counts] = await queryRows<{ subs: number; queue: number }>(
      upgraded.db,
      sql`select (select count(*)::int from restock_subscriptions) as subs, (select count(*)::int from restock_queue) as queue`,
    );
    expect(counts).toEqual({ subs: 0, queue: 0 });
    // The sold-out cap: every variant still at 0, the product's inventory still the sum.
    const cap = (await variants()).filter((v) => v.slug === "cap");
    expect(cap.map((v) => [v.size, v.color, v.stock])).toEqual([
      ["S", "Red", 0],
      ["M", "Red", 0],
    ]);
    const variantId = async (size: string) =>
      (
        await queryRows<{ id: string }>(
          upgraded.db,
          sql`select v.id from product_variants v join products p on p.id = v.product_id
               where p.slug = 'cap' and v.size = ${size}`,
        )
      )[0]!.id;
    const [s, m] = [await variantId("S"), await variantId("M")];
    const queue = () =>
      queryRows<{ variant_id: string; units: number }>(
        upgraded.db,
        sql`select variant_id, units from restock_queue order by variant_id`,
      );
    // Nobody waits: a rise queues nothing.
    await upgraded.db.execute(sql`update product_variants set stock = 1 where id = ${s}`);
    expect(await queue()).toEqual([]);
    // Someone waits for M: its rise is queued with the units that came back, S's still not.
    await upgraded.db.execute(
      sql`insert into restock_subscriptions (variant_id, email) values (${m}, 'ada@example.com')`,
    );
    await upgraded.db.execute(sql`update product_variants set stock = stock + 2 where id in (${s}, ${m})`);
    expect(await queue()).toEqual([{ variant_id: m, units: 2 }]);
    // A sale queues nothing; more stock adds to the units.
    await upgraded.db.execute(sql`update product_variants set stock = stock - 1 where id = ${m}`);
    await upgraded.db.execute(sql`update product_variants set stock = stock + 3 where id = ${m}`);
    expect(await queue()).toEqual([{ variant_id: m, units: 5 }]);
    // One waiting subscription per e-mail and variant.
    await expect(
      upgraded.db.execute(sql`insert into restock_subscriptions (variant_id, email) values (${m}, 'ada@example.com')`),
    ).rejects.toThrow();
    // Put back as it was for the other checks: the cap sold out, nothing queued or waiting.
    await upgraded.db.execute(sql`delete from restock_subscriptions`);
    await upgraded.db.execute(sql`delete from restock_queue`);
    await upgraded.db.execute(sql`update product_variants set stock = 0 where id in (${s}, ${m})`);
    const [inventory] = await queryRows<{ inventory: number }>(
      upgraded.db,
      sql`select inventory from products where slug = 'cap'`,
    );
    expect(inventory!.inventory).toBe(0);
  });
});

describe(`migration 0023 (abandoned-checkout recovery) on a database of the previous release (${databaseKind})`, () => {
  it("dates a subscriber's consent from its registration, keeps orders unattributed, and starts with no checkouts", async () => {
    const [profile] = await queryRows<{ on: boolean; at: string | null }>(
      upgraded.db,
      sql`select subscribe_newsletter as on, newsletter_consent_at::text as at from profiles where user_id = 'u1'`,
    );
    expect(profile?.on).toBe(true);
    expect(new Date(profile!.at!).toISOString()).toBe("2025-12-01T09:00:00.000Z");
    const [orders] = await queryRows<{ n: number; attributed: number }>(
      upgraded.db,
      sql`select count(*)::int as n, count(recovered_checkout_id)::int as attributed from orders`,
    );
    expect(orders).toEqual({ n: 4, attributed: 0 });
    const [checkouts] = await queryRows<{ n: number }>(
      upgraded.db,
      sql`select count(*)::int as n from abandoned_checkouts`,
    );
    expect(checkouts!.n).toBe(0);
    // The consent's time follows the box from now on: cleared when unticked, dated anew when ticked again.
    await upgraded.db.execute(sql`update profiles set subscribe_newsletter = false where user_id = 'u1'`);
    const [off] = await queryRows<{ at: string | null }>(
      upgraded.db,
      sql`select newsletter_consent_at::text as at from profiles where user_id = 'u1'`,
    );
    expect(off!.at).toBeNull();
    await upgraded.db.execute(sql`update profiles set subscribe_newsletter = true where user_id = 'u1'`);
    const [on] = await queryRows<{ at: string | null }>(
      upgraded.db,
      sql`select newsletter_consent_at::text as at from profiles where user_id = 'u1'`,
    );
    expect(new Date(on!.at!).getTime()).toBeGreaterThan(Date.parse("2026-01-01"));
  });
});

describe(`migration 0024 (guest checkout) on a shop of the previous release (${databaseKind})`, () => {
  it("keeps every order, and makes a guest's idempotency key unique per e-mail (any letter case)", async () => {
    const [kept] = await queryRows<{ n: number }>(upgraded.db, sql`select count(*)::int as n from orders`);
    expect(kept!.n).toBe(4);
    const indexes = await queryRows<{ name: string }>(
      upgraded.db,
      sql`select indexname as name from pg_indexes where tablename = 'orders' and indexname like 'orders_%guest%' order by 1`,
    );
    expect(indexes.map((i) => i.name)).toEqual([
      "orders_guest_idempotency_key_unique",
      "orders_unpaid_guest_email_idx",
    ]);
    const guestOrder = (number: string, email: string) =>
      upgraded.db.execute(
        sql`insert into orders (order_number, user_id, subtotal_cents, total_cents, shipping_address, customer_email, idempotency_key)
            values (${number}, null, 100, 100, '{}'::jsonb, ${email}, 'same-key')`,
      );
    await guestOrder("ORD-G1", "guest@example.com");
    await expect(guestOrder("ORD-G2", "GUEST@example.com")).rejects.toThrow();
    // Another e-mail, or an account, may use the same key.
    await guestOrder("ORD-G3", "other@example.com");
    await upgraded.db.execute(
      sql`insert into orders (order_number, user_id, subtotal_cents, total_cents, shipping_address, customer_email, idempotency_key)
          values ('ORD-G4', 'u1', 100, 100, '{}'::jsonb, 'guest@example.com', 'same-key')`,
    );
    await upgraded.db.execute(sql`delete from orders where order_number like 'ORD-G%'`);
  });
});

describe(`migration 0025 (order notes) on a shop of the previous release (${databaseKind})`, () => {
  it("adds order notes empty, keeps every order, and holds a note to 1–2,000 characters on an existing order", async () => {
    const [kept] = await queryRows<{ n: number }>(upgraded.db, sql`select count(*)::int as n from orders`);
    expect(kept!.n).toBe(4);
    const [notes] = await queryRows<{ n: number }>(upgraded.db, sql`select count(*)::int as n from order_notes`);
    expect(notes!.n).toBe(0);
    const [order] = await queryRows<{ id: string }>(upgraded.db, sql`select id from orders limit 1`);
    const note = (body: string) =>
      upgraded.db.execute(
        sql`insert into order_notes (order_id, author_id, author_name, body) values (${order!.id}, null, 'shared password', ${body})`,
      );
    await note("Call before delivery.");
    await expect(note("")).rejects.toThrow();
    await expect(note("x".repeat(2001))).rejects.toThrow();
    const [added] = await queryRows<{ n: number }>(upgraded.db, sql`select count(*)::int as n from order_notes`);
    expect(added!.n).toBe(1);
    await upgraded.db.execute(sql`delete from order_notes`);
  });
});

describe(`migration 0026 (customers) on a shop of the previous release (${databaseKind})`, () => {
  const stats = async () =>
    (
      await queryRows<{ orders: number; spent: number }>(
        upgraded.db,
        sql`select orders, spent_cents::int as spent from customer_stats where user_id = 'u1'`,
      )
    )[0];
  it("backfills each account's figures from its orders, and triggers keep them on every later write", async () => {
    // The same figures the back office's rule gives, read from the orders themselves (4 placed by u1, one
    // unpaid, one refunded in full; an earlier test may have moved them).
    const [expected] = await queryRows<{ orders: number; spent: number }>(
      upgraded.db,
      sql`select count(*)::int as orders,
                 coalesce(sum(total_cents - refunded_cents) filter (where payment_status in ('paid', 'refunded')), 0)::int as spent
            from orders where user_id = 'u1' and not is_test and not (status = 'cancelled' and paid_at is null)`,
    );
    expect(expected!.orders).toBeGreaterThanOrEqual(3);
    expect(await stats()).toEqual(expected);
    const before = (await stats())!;
    await upgraded.db.execute(
      sql`insert into orders (order_number, user_id, payment_status, subtotal_cents, total_cents, shipping_address, customer_email, paid_at)
          values ('ORD-C1', 'u1', 'paid', 1234, 1234, '{}'::jsonb, 'buyer@example.com', now())`,
    );
    expect(await stats()).toEqual({ orders: before.orders + 1, spent: before.spent + 1234 });
    await upgraded.db.execute(sql`update orders set refunded_cents = 234 where order_number = 'ORD-C1'`);
    expect(await stats()).toEqual({ orders: before.orders + 1, spent: before.spent + 1000 });
    await upgraded.db.execute(sql`update orders set is_test = true where order_number = 'ORD-C1'`);
    expect(await stats()).toEqual(before);
    await upgraded.db.execute(sql`delete from orders where order_number = 'ORD-C1'`);
    expect(await stats()).toEqual(before);
    // A new account starts at zero; deleting one with orders takes its row away, its orders kept.
    await upgraded.db.execute(sql`insert into "user" (id, name, email) values ('u-c2', 'New', 'new.c2@example.com')`);
    const [fresh] = await queryRows<{ orders: number; spent: number }>(
      upgraded.db,
      sql`select orders, spent_cents::int as spent from customer_stats where user_id = 'u-c2'`,
    );
    expect(fresh).toEqual({ orders: 0, spent: 0 });
    await upgraded.db.execute(
      sql`insert into orders (order_number, user_id, payment_status, subtotal_cents, total_cents, shipping_address, customer_email, paid_at)
          values ('ORD-C2', 'u-c2', 'paid', 500, 500, '{}'::jsonb, 'new.c2@example.com', now())`,
    );
    await upgraded.db.execute(sql`delete from "user" where id = 'u-c2'`);
    const [gone] = await queryRows<{ n: number }>(
      upgraded.db,
      sql`select count(*)::int as n from customer_stats where user_id = 'u-c2'`,
    );
    expect(gone!.n).toBe(0);
    await upgraded.db.execute(sql`delete from orders where order_number = 'ORD-C2'`);
  });
});

describe(`migration 0028 (draft orders) on a shop of the previous release (${databaseKind})`, () => {
  it("leaves every earlier order an ordinary one, numbers drafts from D1001, and the sweeper keeps both rules", async () => {
    const [marked] = await queryRows<{ n: number }>(
      upgraded.db,
      sql`select count(*)::int as n from orders where draft_order_id is not null or payment_due_at is not null`,
    );
    expect(marked!.n).toBe(0);
    const draft = (email: string, kind: string | null, value: number | null) =>
      upgraded.db.execute(
        sql`insert into draft_orders (customer_email, shipping_address, discount_kind, discount_value, created_by_name)
            values (${email}, '{}'::jsonb, ${kind}, ${value}, 'Owner')`,
      );
    await draft("a@example.com", "percent", 10);
    await expect(draft("b@example.com", "percent", 150)).rejects.toThrow();
    await expect(draft("c@example.com", "fixed", null)).rejects.toThrow();
    const [first] = await queryRows<{ number: number; id: string }>(
      upgraded.db,
      sql`select number, id from draft_orders where customer_email = 'a@example.com'`,
    );
    expect(first!.number).toBeGreaterThanOrEqual(1001);
    // An old unpaid order goes after the hold; a draft's order waits for its own due time.
    const old = new Date(Date.now() - 86_400_000).toISOString();
    for (const [number, due] of [
      ["ORD-D1", null],
      ["ORD-D2", new Date(Date.now() + 3_600_000).toISOString()],
    ] as const) {
      await upgraded.db.execute(
        sql`insert into orders (order_number, subtotal_cents, total_cents, shipping_address, customer_email, created_at, updated_at,
              draft_order_id, payment_due_at)
            values (${number}, 100, 100, '{}'::jsonb, 'a@example.com', ${old}::timestamptz, ${old}::timestamptz,
              ${due ? first!.id : null}::uuid, ${due}::timestamptz)`,
      );
    }
    await cancelAbandonedOrders(upgraded.db, { olderThanMinutes: 15 });
    const states = await queryRows<{ order_number: string; status: string }>(
      upgraded.db,
      sql`select order_number, status from orders where order_number in ('ORD-D1', 'ORD-D2') order by order_number`,
    );
    expect(states).toEqual([
      { order_number: "ORD-D1", status: "cancelled" },
      { order_number: "ORD-D2", status: "pending" },
    ]);
    await upgraded.db.execute(sql`delete from orders where order_number in ('ORD-D1', 'ORD-D2')`);
    await upgraded.db.execute(sql`delete from draft_orders`);
  });
});

describe(`migration 0029 (audit log) on a shop of the previous release (${databaseKind})`, () => {
  it("adds an empty, append-only audit log beside every order and product kept", async () => {
    const [kept] = await queryRows<{ orders: number; products: number; audit: number }>(
      upgraded.db,
      sql`select (select count(*)::int from orders) as orders, (select count(*)::int from products) as products,
                 (select count(*)::int from audit_log) as audit`,
    );
    expect(kept!.orders).toBeGreaterThanOrEqual(4);
    expect(kept!.products).toBeGreaterThanOrEqual(PRODUCTS.length);
    expect(kept!.audit).toBe(0);
    await upgraded.db.execute(
      sql`insert into audit_log (actor_kind, actor_id, actor_email, actor_name, action, object_type, object_id)
          values ('member', 'u1', 'buyer@example.com', 'Buyer', 'order.note', 'order', 'ORD-1')`,
    );
    await expect(upgraded.db.execute(sql`update audit_log set actor_name = 'x'`)).rejects.toThrow();
    await expect(upgraded.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    // An account's removal leaves its entries as they were.
    await upgraded.db.execute(sql`insert into "user" (id, name, email) values ('u-audit', 'Gone', 'gone@example.com')`);
    await upgraded.db.execute(
      sql`insert into audit_log (actor_kind, actor_id, actor_email, actor_name, action, object_type, object_id)
          values ('member', 'u-audit', 'gone@example.com', 'Gone', 'order.note', 'order', 'ORD-2')`,
    );
    await upgraded.db.execute(sql`delete from "user" where id = 'u-audit'`);
    const [left] = await queryRows<{ n: number }>(
      upgraded.db,
      sql`select count(*)::int as n from audit_log where actor_id = 'u-audit' and actor_name = 'Gone'`,
    );
    expect(left!.n).toBe(1);
  });
});
