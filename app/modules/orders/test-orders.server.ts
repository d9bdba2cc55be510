import { and, desc, eq } from "drizzle-orm";
import { orderItems, orders } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import { DomainError } from "~/lib/domain-error";
import { recordAudit, type AuditActor } from "~/modules/audit/audit.server";
import { fieldChanges } from "~/modules/audit/field-changes";
import { historyActor, moveOrder, type FulfilmentDeps } from "./order-fulfilment.server";
import { orderTimestamp } from "./order-number";
import { recordStatusChange } from "./status-history.server";
import { MOVE_DONE } from "./order-moves";
import { TEST_ORDER_MESSAGES, testOrderRequestSchema, type TestOrderAnswer } from "./test-order-tool";

/**
 * The admin's test-order tool (spec §4, §9): a pending 'TEST-' order of $29.99 that takes no stock and
 * is never counted in revenue, then "mark latest pending order paid and processing" to walk it through
 * fulfilment. Only where demo payments are on (the route checks). Marking by hand is for test orders
 * only: a real order is paid by its buyer, never by the admin's button.
 */

export const TEST_ORDER_TOTAL_CENTS = 2999;

// The tool's texts live with its request (pure, shared with the browser); re-exported for the callers here.
export { TEST_ORDER_MESSAGES };

export function testOrderNumber(timestampMs: number): string {
  return `TEST-${String(Math.floor(timestampMs) % 100_000_000).padStart(8, "0")}`;
}

/** The staff member or shared password using the tool (the staff module's StaffActor). */
export type TestOrderAdmin = AuditActor;

/** Creates a pending test order for the admin, with one line and no stock taken. */
export async function createTestOrder(db: Db, admin: TestOrderAdmin): Promise<{ orderNumber: string }> {
  const [first, ...rest] = admin.name.trim().split(/\s+/);
  const address = {
    firstName: first || "Test",
    lastName: rest.join(" ") || "Customer",
    email: admin.email,
    phone: "",
    address: "1 Test Street",
    city: "Testville",
    state: "CA",
    postalCode: "90001",
    country: "US",
  };
  const orderNumber = testOrderNumber(orderTimestamp());
  await db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        orderNumber,
        userId: admin.id,
        subtotalCents: TEST_ORDER_TOTAL_CENTS,
        totalCents: TEST_ORDER_TOTAL_CENTS,
        shippingAddress: address,
        customerEmail: admin.email,
        paymentMethod: "demo",
        isTest: true,
      })
      .returning({ id: orders.id });
    await tx.insert(orderItems).values({
      orderId: order!.id,
      productId: null,
      productName: "Test Product",
      productSku: "TEST-ITEM",
      quantity: 1,
      unitPriceCents: TEST_ORDER_TOTAL_CENTS,
      totalPriceCents: TEST_ORDER_TOTAL_CENTS,
    });
    await recordStatusChange(tx, {
      orderId: order!.id,
      from: null,
      to: { status: "pending", paymentStatus: "pending" },
      actor: historyActor(admin),
      note: "Test order",
    });
    await recordAudit(tx, admin, [
      {
        action: "order.test",
        objectType: "order",
        objectId: orderNumber,
        objectName: orderNumber,
        changes: fieldChanges(null, {
          status: "pending",
          paymentStatus: "pending",
          totalCents: TEST_ORDER_TOTAL_CENTS,
        }),
      },
    ]);
  });
  return { orderNumber };
}

/** Marks the newest pending test order paid and processing; 'No pending orders found…' when there is none. */
export async function markLatestTestOrderPaid(
  deps: FulfilmentDeps,
  admin: TestOrderAdmin,
): Promise<{ orderNumber: string }> {
  const [latest] = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.isTest, true), eq(orders.status, "pending"), eq(orders.paymentStatus, "pending")))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  if (!latest) throw new DomainError("not-found", TEST_ORDER_MESSAGES.noPending, { reason: "NO_PENDING" });
  const moved = await moveOrder(deps, { orderId: latest.id, move: "markPaid", actor: admin });
  return { orderNumber: moved.orderNumber };
}

/**
 * The test-order tool's request (JSON `{ intent: "create" | "markPaid" }`) for `admin`, the same from
 * /admin and from the /secure-admin console: 404 where demo payments are off, 400 for anything else.
 */
export async function runTestOrderTool(
  deps: FulfilmentDeps & { demoPayments: boolean },
  body: unknown,
  admin: TestOrderAdmin,
): Promise<{ answer: TestOrderAnswer; status: number }> {
  if (!deps.demoPayments) return { answer: { ok: false, message: TEST_ORDER_MESSAGES.disabled }, status: 404 };
  const parsed = testOrderRequestSchema.safeParse(body);
  if (!parsed.success) throw new DomainError("invalid", "Unknown test-order action");
  if (parsed.data.intent === "create") {
    const { orderNumber } = await createTestOrder(deps.db, admin);
    return { answer: { ok: true, message: TEST_ORDER_MESSAGES.created(orderNumber), orderNumber }, status: 200 };
  }
  const { orderNumber } = await markLatestTestOrderPaid(deps, admin);
  return { answer: { ok: true, message: MOVE_DONE.markPaid(orderNumber), orderNumber }, status: 200 };
}
