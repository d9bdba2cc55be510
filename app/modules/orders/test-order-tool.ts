import { z } from "zod";

/**
 * The test-order tool's words and request, for the action and the browser alike (test-orders.server.ts
 * does the work). Pure.
 */
export const TEST_ORDER_MESSAGES = {
  created: (orderNumber: string) => `Test order ${orderNumber} created`,
  noPending: "No pending orders found. Create an order first.",
  busy: "Please wait for current operation to complete",
  timedOut: "Order creation timed out. Please try again.",
  disabled: "The test-order tool works only where demo payments are on.",
} as const;

/** Spec §9: test operation timeout 15 s (the browser gives up on the answer after that). */
export const TEST_ORDER_TIMEOUT_MS = 15_000;

export const TEST_ORDER_INTENTS = ["create", "markPaid"] as const;
export type TestOrderIntent = (typeof TEST_ORDER_INTENTS)[number];

export const testOrderRequestSchema = z.object({ intent: z.enum(TEST_ORDER_INTENTS) });

export type TestOrderAnswer = { ok: true; message: string; orderNumber: string } | { ok: false; message: string };
