import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/**
 * A local PayPal Orders v2 for tests (127.0.0.1, a free port), answering as PayPal documents it:
 *
 *   POST /v1/oauth2/token                 HTTP Basic client_id:secret, form grant_type=client_credentials
 *                                         → 200 { access_token, token_type, expires_in }; 401 invalid_client
 *   POST /v2/checkout/orders              Bearer; checks item_total = Σ unit × qty (422 ITEM_TOTAL_MISMATCH)
 *                                         and value = item_total + shipping + tax_total − discount (422 AMOUNT_MISMATCH)
 *                                         → 201 { id, status: "CREATED", links }; a repeated PayPal-Request-Id
 *                                         → 200 with the first result
 *   POST /v2/checkout/orders/{id}/capture Bearer; 422 ORDER_NOT_APPROVED until `approve(id)`; 422
 *                                         ORDER_ALREADY_CAPTURED on a second capture with a new request id;
 *                                         a repeated request id → the first result; → 201 COMPLETED order with
 *                                         purchase_units[0].payments.captures[0] { id, status, amount }
 *
 *   POST /v2/payments/captures/{id}/refund Bearer; body `{ amount: { value, currency_code } }` refunds that
 *                                         much, an empty body `{}` what is left of the capture → 201 { id,
 *                                         status: "COMPLETED", amount, seller_payable_breakdown.total_refunded_amount };
 *                                         422 CAPTURE_FULLY_REFUNDED when nothing is left, REFUND_AMOUNT_EXCEEDED
 *                                         for more than is left, REFUND_CAPTURE_CURRENCY_MISMATCH,
 *                                         CANNOT_BE_ZERO_OR_NEGATIVE; a repeated request id → the first refund
 *                                         (nothing more taken); 404 for an unknown capture
 *
 * `declineNext()` makes the next capture fail with 422 INSTRUMENT_DECLINED; `hangNext()` makes the next
 * create/capture/refund request never answer (token requests are not affected). `failNextRefund(n)` makes
 * the next n refunds answer 503 without refunding; `loseNextRefundAnswer()` refunds and then drops the
 * connection (or never answers: "hang") — our side sees a failure or a timeout although the money moved,
 * and a retry with the same request id must get that same refund back.
 *
 * For a browser test that plays the buyer from another process (tests/support/fake-paypal-server.ts),
 * the same controls are on test-only routes (CORS open, not recorded in `requests`):
 *
 *   GET  /__test__/health                 → 200 { ok: true }
 *   POST /__test__/approve/{id}           = approve(id) → 200 { id, status }; 404 for an unknown order
 *   POST /__test__/decline-next           = declineNext() → 200 { ok: true }
 *   GET  /__test__/orders/{id}            → 200 { id, status, amount, referenceId, customId, captureCount }; 404
 *   GET  /__test__/captures/{id}          → 200 { id, amount, refundedCents, refunds }; 404 for an unknown capture
 *   POST /__test__/fail-next-refund       = failNextRefund() → 200 { ok: true }
 *   POST /__test__/lose-next-refund-answer = loseNextRefundAnswer() → 200 { ok: true }
 */
export const FAKE_PAYPAL_CLIENT_ID = "fake-client-id";
export const FAKE_PAYPAL_CLIENT_SECRET = "fake-client-secret";

export interface FakePayPalRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON for the orders API, the raw form text for the token endpoint. */
  body: unknown;
  status: number | undefined;
}

interface Money {
  currency_code: string;
  value: string;
}

interface StoredOrder {
  id: string;
  status: "CREATED" | "APPROVED" | "COMPLETED";
  purchaseUnit: Record<string, unknown>;
  amount: Money;
}

interface StoredAnswer {
  status: number;
  body: unknown;
}

/** A refund the fake applied. */
export interface FakePayPalRefund {
  id: string;
  captureId: string;
  amountCents: number;
  currency: string;
  /** The PayPal-Request-Id it was made with. */
  requestId: string | undefined;
}

/** What `GET /__test__/captures/{id}` answers. */
export interface FakePayPalCaptureView {
  id: string;
  amount: Money;
  refundedCents: number;
  refunds: FakePayPalRefund[];
}

export interface FakePayPal {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Marks an order as approved by the buyer (what the PayPal popup does in real life). */
  approve(orderId: string): void;
  /** The next capture answers 422 INSTRUMENT_DECLINED. */
  declineNext(): void;
  /** The next create or capture request never gets an answer. */
  hangNext(): void;
  /** Every request received, in order (status is filled in when it was answered). */
  requests: FakePayPalRequest[];
  /** Orders by id, for assertions. */
  orders: Map<string, StoredOrder>;
  /** Number of captures actually applied per order id. */
  captureCount(orderId: string): number;
  /** Number of refunds actually applied per capture id (a repeated request id applies none). */
  refundCount(captureId: string): number;
  /** Cents refunded so far from a capture (0 for an unknown one). */
  refundedCents(captureId: string): number;
  /** The refunds applied, in order: of one capture, or of all when left out. */
  refunds(captureId?: string): FakePayPalRefund[];
  /** The next `times` refunds (default 1) answer 503 SERVICE_UNAVAILABLE and refund nothing. */
  failNextRefund(times?: number): void;
  /**
   * The next refund is applied (and remembered under its request id), then its answer is lost: "drop" closes
   * the connection without an answer (default), "hang" never answers (the client's timeout fires).
   */
  loseNextRefundAnswer(how?: "drop" | "hang"): void;
  stop(): Promise<void>;
}

const id = (length = 17) => randomBytes(length).toString("hex").slice(0, length).toUpperCase();

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** 1005 → "10.05"; the fake's own, so that it does not share the client's formatting. */
function toValue(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

function toCents(value: unknown): number | undefined {
  if (typeof value !== "string") return undefined;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function money(value: unknown): Money | undefined {
  if (!isRecord(value) || typeof value.currency_code !== "string" || toCents(value.value) === undefined)
    return undefined;
  return { currency_code: value.currency_code, value: value.value as string };
}

function paypalError(status: number, name: string, issue: string, description: string) {
  return {
    status,
    body: {
      name,
      message: "The requested action could not be performed, semantically incorrect, or failed business validation.",
      debug_id: id(13).toLowerCase(),
      details: [{ issue, description }],
      links: [
        {
          href: `https://developer.paypal.com/docs/api/orders/v2/#error-${issue}`,
          rel: "information_link",
        },
      ],
    },
  };
}

const unprocessable = (issue: string, description: string) =>
  paypalError(422, "UNPROCESSABLE_ENTITY", issue, description);

export interface FakePayPalOptions {
  /** The port to listen on (127.0.0.1); a free one when left out. */
  port?: number;
}

/** What `GET /__test__/orders/{id}` answers. */
export interface FakePayPalOrderView {
  id: string;
  status: StoredOrder["status"];
  amount: Money;
  referenceId: unknown;
  customId: unknown;
  captureCount: number;
}

export async function startFakePayPal(options: FakePayPalOptions = {}): Promise<FakePayPal> {
  const requests: FakePayPalRequest[] = [];
  const orders = new Map<string, StoredOrder>();
  const captures = new Map<string, number>();
  /** Captures by capture id: their amount, and the refunds applied to them. */
  const capturesById = new Map<string, { amount: Money; refunds: FakePayPalRefund[] }>();
  const allRefunds: FakePayPalRefund[] = [];
  let failingRefunds = 0;
  let loseNextRefund: "drop" | "hang" | undefined;
  const tokens = new Set<string>();
  /** PayPal-Request-Id → first answer, per endpoint kind. */
  const idempotent = new Map<string, StoredAnswer>();
  const sockets = new Set<Socket>();
  let declineNext = false;
  let hangNext = false;
  let url = "";

  function createOrder(body: unknown): StoredAnswer {
    if (
      !isRecord(body) ||
      body.intent !== "CAPTURE" ||
      !Array.isArray(body.purchase_units) ||
      body.purchase_units.length !== 1
    ) {
      return paypalError(
        400,
        "INVALID_REQUEST",
        "MALFORMED_REQUEST_JSON",
        "intent CAPTURE and one purchase unit expected",
      );
    }
    const unit: unknown = body.purchase_units[0];
    if (!isRecord(unit) || !isRecord(unit.amount)) {
      return paypalError(400, "INVALID_REQUEST", "MISSING_REQUIRED_PARAMETER", "purchase_units[0].amount is required");
    }
    const amount = money(unit.amount);
    const breakdown = unit.amount.breakdown;
    if (!amount || amount.currency_code !== "USD") {
      return paypalError(400, "INVALID_REQUEST", "INVALID_PARAMETER_VALUE", "amount must be a USD decimal");
    }
    const itemTotal = isRecord(breakdown) ? money(breakdown.item_total) : undefined;
    const shipping = isRecord(breakdown) ? money(breakdown.shipping) : undefined;
    const taxTotal = isRecord(breakdown) ? money(breakdown.tax_total) : undefined;
    const discount = isRecord(breakdown) ? money(breakdown.discount) : undefined;
    if (Array.isArray(unit.items) && unit.items.length > 0) {
      if (!itemTotal) return unprocessable("ITEM_TOTAL_REQUIRED", "item_total is required when items are sent");
      let sum = 0;
      for (const item of unit.items as unknown[]) {
        const unitAmount = isRecord(item) ? money(item.unit_amount) : undefined;
        const quantity =
          isRecord(item) && typeof item.quantity === "string" && /^\d+$/.test(item.quantity)
            ? Number(item.quantity)
            : NaN;
        if (
          !isRecord(item) ||
          typeof item.name !== "string" ||
          item.name.length > 127 ||
          !unitAmount ||
          !(quantity >= 1)
        ) {
          return paypalError(400, "INVALID_REQUEST", "INVALID_PARAMETER_VALUE", "invalid item");
        }
        sum += toCents(unitAmount.value)! * quantity;
      }
      if (sum !== toCents(itemTotal.value)) {
        return unprocessable("ITEM_TOTAL_MISMATCH", "Should equal sum of (unit_amount * quantity) across all items.");
      }
    }
    if (breakdown !== undefined) {
      const parts =
        [itemTotal, shipping, taxTotal].reduce((total, part) => total + (part ? toCents(part.value)! : 0), 0) -
        (discount ? toCents(discount.value)! : 0);
      if (parts !== toCents(amount.value)) {
        return unprocessable(
          "AMOUNT_MISMATCH",
          "Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.",
        );
      }
    }
    const orderId = id();
    orders.set(orderId, {
      id: orderId,
      status: "CREATED",
      purchaseUnit: unit,
      amount,
    });
    return {
      status: 201,
      body: {
        id: orderId,
        status: "CREATED",
        links: [
          {
            href: `${url}/v2/checkout/orders/${orderId}`,
            rel: "self",
            method: "GET",
          },
          {
            href: `https://www.sandbox.paypal.com/checkoutnow?token=${orderId}`,
            rel: "approve",
            method: "GET",
          },
          {
            href: `${url}/v2/checkout/orders/${orderId}`,
            rel: "update",
            method: "PATCH",
          },
          {
            href: `${url}/v2/checkout/orders/${orderId}/capture`,
            rel: "capture",
            method: "POST",
          },
        ],
      },
    };
  }

  function captureOrder(orderId: string): StoredAnswer {
    const order = orders.get(orderId);
    if (!order) {
      return paypalError(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", "Specified resource ID does not exist.");
    }
    if (order.status === "COMPLETED") {
      return unprocessable(
        "ORDER_ALREADY_CAPTURED",
        "Order already captured. If 'intent=CAPTURE' only one capture per order is allowed.",
      );
    }
    if (order.status !== "APPROVED") {
      return unprocessable("ORDER_NOT_APPROVED", "Payer has not yet approved the Order for payment.");
    }
    if (declineNext) {
      declineNext = false;
      return unprocessable(
        "INSTRUMENT_DECLINED",
        "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
      );
    }
    order.status = "COMPLETED";
    captures.set(orderId, (captures.get(orderId) ?? 0) + 1);
    const now = new Date().toISOString();
    const captureId = id();
    capturesById.set(captureId, { amount: { ...order.amount }, refunds: [] });
    return {
      status: 201,
      body: {
        id: orderId,
        status: "COMPLETED",
        payer: {
          name: { given_name: "Test", surname: "Buyer" },
          email_address: "buyer@example.com",
          payer_id: id(13),
        },
        purchase_units: [
          {
            reference_id: order.purchaseUnit.reference_id,
            payments: {
              captures: [
                {
                  id: captureId,
                  status: "COMPLETED",
                  amount: { ...order.amount },
                  final_capture: true,
                  custom_id: order.purchaseUnit.custom_id,
                  create_time: now,
                  update_time: now,
                },
              ],
            },
          },
        ],
        links: [
          {
            href: `${url}/v2/checkout/orders/${orderId}`,
            rel: "self",
            method: "GET",
          },
        ],
      },
    };
  }

  const refundedOf = (capture: { refunds: FakePayPalRefund[] }) =>
    capture.refunds.reduce((total, refund) => total + refund.amountCents, 0);

  function refundCapture(captureId: string, body: unknown, requestId: string | undefined): StoredAnswer {
    const capture = capturesById.get(captureId);
    if (!capture) {
      return paypalError(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", "Specified resource ID does not exist.");
    }
    if (failingRefunds > 0) {
      failingRefunds -= 1;
      return {
        status: 503,
        body: { name: "SERVICE_UNAVAILABLE", message: "Service Unavailable.", debug_id: id(13).toLowerCase() },
      };
    }
    const capturedCents = toCents(capture.amount.value)!;
    const leftCents = capturedCents - refundedOf(capture);
    let amountCents = leftCents;
    if (isRecord(body) && body.amount !== undefined) {
      const asked = money(body.amount);
      if (!asked) {
        return paypalError(
          400,
          "INVALID_REQUEST",
          "INVALID_PARAMETER_SYNTAX",
          "amount must be { currency_code, value } with a decimal value of at most 2 places",
        );
      }
      if (asked.currency_code !== capture.amount.currency_code) {
        return unprocessable("REFUND_CAPTURE_CURRENCY_MISMATCH", "Refund must be in the same currency as the capture.");
      }
      amountCents = toCents(asked.value)!;
      if (amountCents === 0) return unprocessable("CANNOT_BE_ZERO_OR_NEGATIVE", "Must be greater than zero.");
    }
    if (leftCents === 0) {
      return unprocessable("CAPTURE_FULLY_REFUNDED", "The capture has already been fully refunded");
    }
    if (amountCents > leftCents) {
      return unprocessable(
        "REFUND_AMOUNT_EXCEEDED",
        "The refund amount must be less than or equal to the capture amount that has not yet been refunded.",
      );
    }
    const refund: FakePayPalRefund = {
      id: id(),
      captureId,
      amountCents,
      currency: capture.amount.currency_code,
      requestId,
    };
    capture.refunds.push(refund);
    allRefunds.push(refund);
    const usd = (cents: number) => ({ currency_code: refund.currency, value: toValue(cents) });
    const now = new Date().toISOString();
    return {
      status: 201,
      body: {
        id: refund.id,
        status: "COMPLETED",
        amount: usd(amountCents),
        seller_payable_breakdown: {
          gross_amount: usd(amountCents),
          net_amount: usd(amountCents),
          total_refunded_amount: usd(refundedOf(capture)),
        },
        create_time: now,
        update_time: now,
        links: [
          { href: `${url}/v2/payments/refunds/${refund.id}`, rel: "self", method: "GET" },
          { href: `${url}/v2/payments/captures/${captureId}`, rel: "up", method: "GET" },
        ],
      },
    };
  }

  async function handle(req: IncomingMessage, res: ServerResponse, record: FakePayPalRequest): Promise<void> {
    const send = (answer: StoredAnswer) => {
      record.status = answer.status;
      res.writeHead(answer.status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(answer.body));
    };
    const path = record.path;
    if (req.method !== "POST")
      return send(paypalError(405, "METHOD_NOT_SUPPORTED", "METHOD_NOT_SUPPORTED", "POST only"));

    if (path === "/v1/oauth2/token") {
      const expected = `Basic ${Buffer.from(`${FAKE_PAYPAL_CLIENT_ID}:${FAKE_PAYPAL_CLIENT_SECRET}`).toString("base64")}`;
      if (req.headers.authorization !== expected) {
        return send({
          status: 401,
          body: {
            error: "invalid_client",
            error_description: "Client Authentication failed",
          },
        });
      }
      if (new URLSearchParams(String(record.body)).get("grant_type") !== "client_credentials") {
        return send({
          status: 400,
          body: {
            error: "unsupported_grant_type",
            error_description: "Grant Type is NULL",
          },
        });
      }
      const accessToken = `A21AA${id(40)}`;
      tokens.add(accessToken);
      return send({
        status: 200,
        body: {
          scope: "https://uri.paypal.com/services/payments/payment",
          access_token: accessToken,
          token_type: "Bearer",
          app_id: "APP-FAKE",
          expires_in: 32400,
          nonce: id(20),
        },
      });
    }

    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    if (!bearer || !tokens.has(bearer)) {
      return send({
        status: 401,
        body: {
          error: "invalid_token",
          error_description: "Token signature verification failed",
        },
      });
    }
    if (hangNext) {
      hangNext = false;
      return; // never answer
    }
    const requestId = req.headers["paypal-request-id"];
    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
    const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    const kind = path === "/v2/checkout/orders" ? "create" : capture ? "capture" : refund ? "refund" : undefined;
    if (!kind) return send(paypalError(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", "Unknown endpoint"));
    if (record.body === undefined)
      return send(paypalError(400, "INVALID_REQUEST", "MALFORMED_REQUEST_JSON", "Body is not JSON"));

    const key = typeof requestId === "string" && requestId ? `${kind}:${path}:${requestId}` : undefined;
    const first = key ? idempotent.get(key) : undefined;
    if (first) {
      // PayPal keeps a request id for 6 hours: a repeat gets the first result (200 for a repeated create).
      return send({
        status: kind === "create" && first.status === 201 ? 200 : first.status,
        body: first.body,
      });
    }
    const answer =
      kind === "create"
        ? createOrder(record.body)
        : kind === "refund"
          ? refundCapture(
              decodeURIComponent(refund![1]!),
              record.body,
              typeof requestId === "string" ? requestId : undefined,
            )
          : captureOrder(decodeURIComponent(capture![1]!));
    if (key && answer.status < 300) idempotent.set(key, answer);
    if (kind === "refund" && answer.status < 300 && loseNextRefund) {
      // The money moved (and a retry with this request id gets this refund), but the answer never arrives.
      const how = loseNextRefund;
      loseNextRefund = undefined;
      if (how === "drop") req.socket.destroy();
      return;
    }
    return send(answer);
  }

  function approve(orderId: string): StoredOrder {
    const order = orders.get(orderId);
    if (!order) throw new Error(`fake PayPal: no order ${orderId}`);
    if (order.status === "CREATED") order.status = "APPROVED";
    return order;
  }

  /** The test-only routes (not PayPal's): the buyer's part and assertions, for another process. */
  function handleTest(req: IncomingMessage, res: ServerResponse, path: string): void {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, {
        "Content-Type": "application/json",
        "Access-Control-Allow-Origin": "*",
        "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
        "Access-Control-Allow-Headers": "content-type",
        "Cache-Control": "no-store",
      });
      res.end(status === 204 ? undefined : JSON.stringify(body));
    };
    const method = req.method ?? "";
    if (method === "OPTIONS") return send(204, null);
    const approveMatch = /^\/__test__\/approve\/([^/]+)$/.exec(path);
    const orderMatch = /^\/__test__\/orders\/([^/]+)$/.exec(path);
    const captureMatch = /^\/__test__\/captures\/([^/]+)$/.exec(path);
    if (method === "GET" && path === "/__test__/health") return send(200, { ok: true });
    if (method === "POST" && approveMatch) {
      const order = orders.get(decodeURIComponent(approveMatch[1]!));
      if (!order) return send(404, { error: "no such order" });
      approve(order.id);
      return send(200, { id: order.id, status: order.status });
    }
    if (method === "POST" && path === "/__test__/decline-next") {
      declineNext = true;
      return send(200, { ok: true });
    }
    if (method === "POST" && path === "/__test__/fail-next-refund") {
      failingRefunds = 1;
      return send(200, { ok: true });
    }
    if (method === "POST" && path === "/__test__/lose-next-refund-answer") {
      loseNextRefund = "drop";
      return send(200, { ok: true });
    }
    if (method === "GET" && captureMatch) {
      const captureId = decodeURIComponent(captureMatch[1]!);
      const capture = capturesById.get(captureId);
      if (!capture) return send(404, { error: "no such capture" });
      const view: FakePayPalCaptureView = {
        id: captureId,
        amount: { ...capture.amount },
        refundedCents: refundedOf(capture),
        refunds: capture.refunds.map((refund) => ({ ...refund })),
      };
      return send(200, view);
    }
    if (method === "GET" && orderMatch) {
      const order = orders.get(decodeURIComponent(orderMatch[1]!));
      if (!order) return send(404, { error: "no such order" });
      const view: FakePayPalOrderView = {
        id: order.id,
        status: order.status,
        amount: { ...order.amount },
        referenceId: order.purchaseUnit.reference_id,
        customId: order.purchaseUnit.custom_id,
        captureCount: captures.get(order.id) ?? 0,
      };
      return send(200, view);
    }
    return send(404, { error: "unknown test route" });
  }

  const server = createServer((req, res) => {
    void (async () => {
      const parsedUrl = new URL(req.url ?? "/", "http://127.0.0.1");
      if (parsedUrl.pathname.startsWith("/__test__/")) {
        await readBody(req);
        return handleTest(req, res, parsedUrl.pathname);
      }
      const text = await readBody(req);
      let body: unknown = text;
      if (parsedUrl.pathname !== "/v1/oauth2/token") {
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          body = undefined;
        }
      }
      const record: FakePayPalRequest = {
        method: req.method ?? "",
        path: parsedUrl.pathname,
        headers: { ...req.headers },
        body,
        status: undefined,
      };
      requests.push(record);
      await handle(req, res, record);
    })().catch((error: unknown) => {
      res.writeHead(500, { "Content-Type": "application/json" });
      res.end(
        JSON.stringify({
          name: "INTERNAL_SERVER_ERROR",
          message: String(error),
        }),
      );
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    clientId: FAKE_PAYPAL_CLIENT_ID,
    clientSecret: FAKE_PAYPAL_CLIENT_SECRET,
    approve(orderId) {
      approve(orderId);
    },
    declineNext() {
      declineNext = true;
    },
    hangNext() {
      hangNext = true;
    },
    requests,
    orders,
    captureCount: (orderId) => captures.get(orderId) ?? 0,
    refundCount: (captureId) => capturesById.get(captureId)?.refunds.length ?? 0,
    refundedCents(captureId) {
      const capture = capturesById.get(captureId);
      return capture ? refundedOf(capture) : 0;
    },
    refunds: (captureId) =>
      (captureId === undefined ? allRefunds : (capturesById.get(captureId)?.refunds ?? [])).map((refund) => ({
        ...refund,
      })),
    failNextRefund(times = 1) {
      if (!Number.isSafeInteger(times) || times < 0) throw new Error(`fake PayPal: failNextRefund(${times})?`);
      failingRefunds = times;
    },
    loseNextRefundAnswer(how = "drop") {
      loseNextRefund = how;
    },
    stop() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
