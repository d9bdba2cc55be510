import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, products, user } from "#db/schema/index";
import { salesAnalytics } from "~/modules/analytics/sales-analytics.server";
import { testAddress } from "../support/fixtures";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * The sales analytics (issue 14) over a fixed set of orders written straight into the database, every
 * expected figure worked out by hand below. The range is 2026-03-01 … 2026-03-04 (2026-03-03 has no
 * order at all); orders just outside it, test orders, cancelled, refunded, failed and unpaid orders
 * would each change some figure if they were counted.
 */

let t: TestDatabase;
const db = () => t.database.db;
let shirtId = "";
let scarfId = "";

interface Line {
  product?: "shirt" | "scarf";
  name: string;
  size?: string | null;
  color?: string | null;
  quantity: number;
  unitCents: number;
}

interface OrderSpec {
  at: string;
  status?: "pending" | "processing" | "shipped" | "delivered" | "cancelled";
  payment?: "pending" | "paid" | "failed" | "refunded";
  method?: string | null;
  userId?: string | null;
  email: string;
  test?: boolean;
  shippingCents?: number;
  taxCents?: number;
  lines: Line[];
}

let seq = 0;
async function insertOrder(spec: OrderSpec): Promise<void> {
  const subtotalCents = spec.lines.reduce((sum, line) => sum + line.quantity * line.unitCents, 0);
  const shippingCents = spec.shippingCents ?? 0;
  const taxCents = spec.taxCents ?? 0;
  const createdAt = new Date(spec.at);
  const [row] = await db()
    .insert(orders)
    .values({
      orderNumber: `${spec.test ? "TEST" : "ORD"}-${String(++seq).padStart(8, "0")}`,
      userId: spec.userId ?? null,
      status: spec.status ?? "processing",
      paymentStatus: spec.payment ?? "paid",
      subtotalCents,
      shippingCents,
      taxCents,
      totalCents: subtotalCents + shippingCents + taxCents,
      shippingAddress: { ...testAddress, email: spec.email },
      customerEmail: spec.email,
      paymentMethod: spec.method === undefined ? "demo" : spec.method,
      isTest: spec.test ?? false,
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: orders.id });
  await db()
    .insert(orderItems)
    .values(
      spec.lines.map((line, i) => ({
        orderId: row!.id,
        productId: line.product === "shirt" ? shirtId : line.product === "scarf" ? scarfId : null,
        productName: line.name,
        productSku: `SKU-${seq}-${i}`,
        size: line.size ?? null,
        color: line.color ?? null,
        quantity: line.quantity,
        unitPriceCents: line.unitCents,
        totalPriceCents: line.quantity * line.unitCents,
        createdAt,
      })),
    );
}

const shirt = (quantity: number, size: string | null, color: string | null, name = "Linen Shirt"): Line => ({
  product: "shirt",
  name,
  size,
  color,
  quantity,
  unitCents: 2000,
});
const scarf = (quantity: number, color: string | null): Line => ({
  product: "scarf",
  name: "Wool Scarf",
  color,
  quantity,
  unitCents: 1000,
});
const tote = (color: string | null): Line => ({ name: "Old Tote", color, quantity: 1, unitCents: 1000 });

beforeAll(async () => {
  t = await createTestDatabase();
  await db()
    .insert(user)
    .values([
      { id: "ann", name: "Ann", email: "ann@example.com" },
      { id: "cara", name: "Cara", email: "cara@example.com" },
    ]);
  const inserted = await db()
    .insert(products)
    .values([
      { name: "Linen Shirt", slug: "linen-shirt", priceCents: 2000, sku: "SHIRT" },
      { name: "Wool Scarf", slug: "wool-scarf", priceCents: 1000, sku: "SCARF" },
    ])
    .returning({ id: products.id, slug: products.slug });
  shirtId = inserted.find((p) => p.slug === "linen-shirt")!.id;
  scarfId = inserted.find((p) => p.slug === "wool-scarf")!.id;

  // The four sales of the range (S1–S4). Totals = lines + shipping + tax.
  // S1 2026-03-01 00:00:00Z, Ann (account), demo: shirt 2×2000 (M, Blue) + scarf 1×1000 (Red) = 5000,
  //    + 500 shipping + 400 tax = 5900. The shirt line carries an older name of the product.
  await insertOrder({
    at: "2026-03-01T00:00:00Z",
    userId: "ann",
    email: "ann@example.com",
    method: "demo",
    status: "processing",
    shippingCents: 500,
    taxCents: 400,
    lines: [shirt(2, "M", "Blue", "Linen Shirt (spring)"), scarf(1, "Red")],
  });
  // S2 2026-03-01 12:00Z, Bob (no account, "Bob@Example.com"), paypal: shirt 1×2000 (L, Green) + tote
  //    1×1000 (no size, no colour) = 3000.
  await insertOrder({
    at: "2026-03-01T12:00:00Z",
    email: "Bob@Example.com",
    method: "paypal",
    status: "delivered",
    lines: [shirt(1, "L", "Green"), tote(null)],
  });
  // S3 2026-03-02 09:30Z, Bob again ("bob@example.com": the same customer), paypal: scarf 3×1000 (Red)
  //    + shirt 1×2000 (M, Green) + tote 1×1000 (Black) = 6000, + 480 tax = 6480.
  await insertOrder({
    at: "2026-03-02T09:30:00Z",
    email: "bob@example.com",
    method: "paypal",
    status: "shipped",
    taxCents: 480,
    lines: [scarf(3, "Red"), shirt(1, "M", "Green"), tote("Black")],
  });
  // S4 2026-03-04 23:59:59Z (the last second of the range), Ann, paypal: shirt 1×2000 (S, Blue) + gift
  //    card 2×1500 (size "", no colour) = 5000, + 702 shipping = 5702.
  await insertOrder({
    at: "2026-03-04T23:59:59Z",
    userId: "ann",
    email: "ann@example.com",
    method: "paypal",
    shippingCents: 702,
    lines: [shirt(1, "S", "Blue"), { name: "Gift Card", size: "", color: null, quantity: 2, unitCents: 1500 }],
  });

  // Not sales, in the range: each would show if counted (big quantities, a method of its own).
  // Cancelled and refunded (Cara). (A delivered order refunded after a return stays a sale: its refund
  // is taken off on the day it was made, as revenue net of refunds — return-analytics.test.ts.)
  await insertOrder({
    at: "2026-03-02T10:00:00Z",
    userId: "cara",
    email: "cara@example.com",
    method: "stripe",
    status: "cancelled",
    payment: "refunded",
    lines: [shirt(5, "XL", "Pink")],
  });
  // Waiting for payment (Cara).
  await insertOrder({
    at: "2026-03-02T11:00:00Z",
    email: "cara@example.com",
    status: "pending",
    payment: "pending",
    lines: [scarf(4, "Pink")],
  });
  // Payment failed.
  await insertOrder({
    at: "2026-03-02T12:00:00Z",
    email: "dan@example.com",
    method: "card",
    status: "pending",
    payment: "failed",
    lines: [scarf(6, "Red")],
  });
  // Cancelled while paid (not refunded yet), and cancelled and refunded: 2 cancelled orders.
  await insertOrder({
    at: "2026-03-04T08:00:00Z",
    userId: "ann",
    email: "ann@example.com",
    status: "cancelled",
    payment: "paid",
    lines: [shirt(7, "M", "Blue")],
  });
  await insertOrder({
    at: "2026-03-04T09:00:00Z",
    email: "bob@example.com",
    method: "paypal",
    status: "cancelled",
    payment: "refunded",
    lines: [tote("Black")],
  });
  // Test orders: paid, cancelled, unpaid: 3 test orders.
  await insertOrder({
    at: "2026-03-01T06:00:00Z",
    email: "owner@example.com",
    test: true,
    lines: [shirt(9, "M", "Blue")],
  });
  await insertOrder({
    at: "2026-03-02T06:00:00Z",
    email: "owner@example.com",
    test: true,
    status: "cancelled",
    lines: [shirt(1, "M", "Blue")],
  });
  await insertOrder({
    at: "2026-03-04T06:00:00Z",
    email: "owner@example.com",
    test: true,
    status: "pending",
    payment: "pending",
    lines: [scarf(2, "Red")],
  });

  // Outside the range: a sale at the first instant after it, one a millisecond before it, a test order
  // and a cancelled order on the next day.
  await insertOrder({
    at: "2026-03-05T00:00:00Z",
    userId: "ann",
    email: "ann@example.com",
    lines: [shirt(1, "M", "Blue")],
  });
  await insertOrder({
    at: "2026-02-28T23:59:59.999Z",
    email: "bob@example.com",
    lines: [scarf(1, "Red")],
  });
  await insertOrder({ at: "2026-03-05T01:00:00Z", email: "owner@example.com", test: true, lines: [tote(null)] });
  await insertOrder({
    at: "2026-03-05T02:00:00Z",
    email: "bob@example.com",
    status: "cancelled",
    payment: "refunded",
    lines: [tote(null)],
  });

  // Another day, alone in its range: 13 products, for the top 10 (see the last test).
  // Item 01: 20 units × 10 = 200; Item 02 … Item 12: 1 unit × (n × 100); Item 13: 1 unit × 400.
  await insertOrder({
    at: "2026-04-10T12:00:00Z",
    email: "eve@example.com",
    lines: [
      { name: "Item 01", quantity: 20, unitCents: 10 },
      ...Array.from({ length: 11 }, (_, i) => ({
        name: `Item ${String(i + 2).padStart(2, "0")}`,
        quantity: 1,
        unitCents: (i + 2) * 100,
      })),
      { name: "Item 13", quantity: 1, unitCents: 400 },
    ],
  });
});
afterAll(async () => {
  await t?.cleanup();
});

describe("sales analytics", () => {
  it("sums the sales of the range: orders, revenue, average order, customers", async () => {
    const result = await salesAnalytics(db(), { from: "2026-03-01", to: "2026-03-04" });
    expect(result.range).toEqual({ from: "2026-03-01", to: "2026-03-04" });
    expect(result.summary).toEqual({
      // S1–S4.
      orders: 4,
      // 5900 + 3000 + 6480 + 5702.
      revenueCents: 21082,
      // 21082 / 4 = 5270.5, rounded half up.
      averageOrderCents: 5271,
      // Ann (her account) and Bob (bob@example.com, either case); Cara, Dan and the owner bought nothing.
      uniqueCustomers: 2,
    });
  });

  it("gives every day of the range, a day without sales as zeros, the bounds' orders in", async () => {
    const result = await salesAnalytics(db(), { from: "2026-03-01", to: "2026-03-04" });
    expect(result.days).toEqual([
      // S1 (at 00:00:00Z, the first instant) + S2: 5900 + 3000.
      { day: "2026-03-01", orders: 2, revenueCents: 8900 },
      // S3.
      { day: "2026-03-02", orders: 1, revenueCents: 6480 },
      { day: "2026-03-03", orders: 0, revenueCents: 0 },
      // S4 at 23:59:59Z.
      { day: "2026-03-04", orders: 1, revenueCents: 5702 },
    ]);
  });

  it("ranks the products by units, then revenue, under their current name", async () => {
    const result = await salesAnalytics(db(), { from: "2026-03-01", to: "2026-03-04" });
    expect(result.bestSellers).toEqual([
      // Shirt: 2 (S1) + 1 (S2) + 1 (S3) + 1 (S4) = 5 units, 5 × 2000 = 10000; S1's line says
      // "Linen Shirt (spring)", the product is called "Linen Shirt" now.
      { productId: shirtId, name: "Linen Shirt", units: 5, revenueCents: 10000 },
      // Scarf: 1 (S1) + 3 (S3) = 4 units, 4000.
      { productId: scarfId, name: "Wool Scarf", units: 4, revenueCents: 4000 },
      // Gift card (no product): 2 units, 3000, ahead of the tote's 2 units on revenue.
      { productId: null, name: "Gift Card", units: 2, revenueCents: 3000 },
      // Tote (no product): 1 (S2) + 1 (S3) = 2 units, 2000.
      { productId: null, name: "Old Tote", units: 2, revenueCents: 2000 },
    ]);
  });

  it("counts the units per size and per colour, with their share of all 13 units", async () => {
    const result = await salesAnalytics(db(), { from: "2026-03-01", to: "2026-03-04" });
    // All units: S1 3 + S2 2 + S3 5 + S4 3 = 13.
    expect(result.bySize).toEqual([
      // Scarf 1 (S1) + tote 1 (S2) + scarf 3 + tote 1 (S3) + gift card 2 (S4, size "") = 8.
      { size: "No size", units: 8, share: 8 / 13 },
      // Shirt 2 (S1) + shirt 1 (S3).
      { size: "M", units: 3, share: 3 / 13 },
      { size: "L", units: 1, share: 1 / 13 },
      { size: "S", units: 1, share: 1 / 13 },
    ]);
    expect(result.byColor).toEqual([
      // Scarf 1 (S1) + scarf 3 (S3).
      { color: "Red", units: 4, share: 4 / 13 },
      // Shirt 2 (S1) + shirt 1 (S4).
      { color: "Blue", units: 3, share: 3 / 13 },
      // Tote 1 (S2) + gift card 2 (S4).
      { color: "No colour", units: 3, share: 3 / 13 },
      // Shirt 1 (S2) + shirt 1 (S3).
      { color: "Green", units: 2, share: 2 / 13 },
      // Tote 1 (S3).
      { color: "Black", units: 1, share: 1 / 13 },
    ]);
  });

  it("splits the sales by payment method", async () => {
    const result = await salesAnalytics(db(), { from: "2026-03-01", to: "2026-03-04" });
    expect(result.byPaymentMethod).toEqual([
      // S2 + S3 + S4: 3000 + 6480 + 5702; 3 of 4 orders. 'stripe' and 'card' were never paid.
      { method: "paypal", orders: 3, revenueCents: 15182, share: 0.75 },
      // S1.
      { method: "demo", orders: 1, revenueCents: 5900, share: 0.25 },
    ]);
  });

  it("tells what it left out of the range: test orders, cancelled orders", async () => {
    const result = await salesAnalytics(db(), { from: "2026-03-01", to: "2026-03-04" });
    // Tests of 03-01, 03-02 (cancelled: a test order, not a cancelled one), 03-04; cancelled of 03-02
    // (refunded), 03-04 (paid) and 03-04 (refunded). Those of 03-05 are outside.
    expect(result.excluded).toEqual({ testOrders: 3, cancelledOrders: 3 });
  });

  it("takes the day after the range from its first instant", async () => {
    const result = await salesAnalytics(db(), { from: "2026-03-05", to: "2026-03-05" });
    // The sale of 2026-03-05 00:00:00Z: one shirt (M, Blue), 2000; a test and a cancelled order.
    expect(result.summary).toEqual({ orders: 1, revenueCents: 2000, averageOrderCents: 2000, uniqueCustomers: 1 });
    expect(result.days).toEqual([{ day: "2026-03-05", orders: 1, revenueCents: 2000 }]);
    expect(result.bestSellers).toEqual([{ productId: shirtId, name: "Linen Shirt", units: 1, revenueCents: 2000 }]);
    expect(result.excluded).toEqual({ testOrders: 1, cancelledOrders: 1 });
  });

  it("answers zeros and empty lists for a range without orders", async () => {
    const result = await salesAnalytics(db(), { from: "2026-01-30", to: "2026-02-01" });
    expect(result).toEqual({
      range: { from: "2026-01-30", to: "2026-02-01" },
      summary: { orders: 0, revenueCents: 0, averageOrderCents: 0, uniqueCustomers: 0 },
      days: [
        { day: "2026-01-30", orders: 0, revenueCents: 0 },
        { day: "2026-01-31", orders: 0, revenueCents: 0 },
        { day: "2026-02-01", orders: 0, revenueCents: 0 },
      ],
      bestSellers: [],
      bySize: [],
      byColor: [],
      byPaymentMethod: [],
      excluded: { testOrders: 0, cancelledOrders: 0 },
    });
  });

  it("keeps the 10 best sellers: units first, then revenue, then name", async () => {
    const result = await salesAnalytics(db(), { from: "2026-04-10", to: "2026-04-10" });
    // Item 01 leads on units (20) with the least revenue; then 1 unit each by revenue: Item 12 (1200) …
    // Item 04 (400), which ties with Item 13 (400) and comes first by name. Items 13, 03, 02 are out.
    expect(result.bestSellers.map((row) => [row.name, row.units, row.revenueCents])).toEqual([
      ["Item 01", 20, 200],
      ["Item 12", 1, 1200],
      ["Item 11", 1, 1100],
      ["Item 10", 1, 1000],
      ["Item 09", 1, 900],
      ["Item 08", 1, 800],
      ["Item 07", 1, 700],
      ["Item 06", 1, 600],
      ["Item 05", 1, 500],
      ["Item 04", 1, 400],
    ]);
    // Item 01: 200; Items 02 … 12: 200 + 300 + … + 1200 = 7700; Item 13: 400.
    expect(result.summary.revenueCents).toBe(8300);
  });
});
