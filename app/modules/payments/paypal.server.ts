import { centsToDecimalString } from "~/lib/money";

/**
 * A small PayPal Orders v2 client (PayPal's documented Orders v2 API; docs/decisions/0005-checkout-places-then-pays.md).
 *
 * - The access token is cached until shortly before it expires.
 * - Every create and capture carries a PayPal-Request-Id: PayPal answers a repeated id with the first
 *   result, so a retry with the same id can never capture twice. This client never retries by itself.
 * - A capture counts as paid ONLY when the order and its first capture are COMPLETED, in USD, for the
 *   expected amount; anything else is `{ ok: false, reason }`.
 */

export class PayPalError extends Error {
  /** PayPal's `details[0].issue` (e.g. "INSTRUMENT_DECLINED"), when it sent one. */
  readonly issue: string | undefined;
  /** HTTP status of PayPal's answer; undefined for network failures and timeouts. */
  readonly status: number | undefined;

  constructor(message: string, options: { issue?: string; status?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "PayPalError";
    this.issue = options.issue;
    this.status = options.status;
  }
}

export interface PayPalClientOptions {
  clientId: string;
  clientSecret: string;
  apiBase: string;
  fetch?: typeof fetch;
  now?: () => number;
  /** Per-request timeout in milliseconds (default 10 000). */
  timeoutMs?: number;
}

export interface PayPalItem {
  name: string;
  sku: string;
  unitPriceCents: number;
  quantity: number;
}

/**
 * The amounts of a purchase in cents, as PayPal breaks them down (item total, shipping, tax, discount,
 * total): total = items + shipping + tax − discount.
 */
export interface PayPalAmounts {
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  /** Taken off the items by discounts (issue 28); PayPal's `breakdown.discount`, sent when above 0. */
  discountCents?: number;
  totalCents: number;
}

export interface CreateOrderInput {
  requestId: string;
  referenceId: string;
  customId: string;
  totals: PayPalAmounts;
  items: ReadonlyArray<PayPalItem>;
}

export interface CreatedOrder {
  id: string;
  status: string;
}

export interface CaptureOrderInput {
  paypalOrderId: string;
  requestId: string;
  expectedTotalCents: number;
}

export type CaptureFailureReason =
  "DECLINED" | "ALREADY_CAPTURED" | "NOT_APPROVED" | "AMOUNT_MISMATCH" | "NOT_COMPLETED";

export type CaptureResult =
  { ok: true; captureId: string; amountCents: number } | { ok: false; reason: CaptureFailureReason };

const DEFAULT_TIMEOUT_MS = 10_000;
/** Renew the token this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000;
const MAX_ITEM_NAME = 127;

const ISSUE_REASONS: Record<string, CaptureFailureReason> = {
  INSTRUMENT_DECLINED: "DECLINED",
  ORDER_ALREADY_CAPTURED: "ALREADY_CAPTURED",
  ORDER_NOT_APPROVED: "NOT_APPROVED",
};

/** How much of a capture to refund: integer cents of a two-decimal currency (the shop's is USD). */
export interface RefundAmount {
  cents: number;
  currency: string;
}

export interface RefundCaptureInput {
  captureId: string;
  /**
   * PayPal-Request-Id: one per refund meant (e.g. per return), reused on every retry of it. PayPal answers
   * a repeated id with the first refund and takes nothing more, so a retry after a lost answer is safe.
   */
  requestId: string;
  /** Refund this much of the capture; without it, what is left of it (the whole capture when untouched). */
  amount?: RefundAmount;
}

/** A refund PayPal accepted: COMPLETED, or PENDING (it completes later; the money is on its way). */
export interface RefundResult {
  refundId: string | null;
  status: string;
  /** Only for a refund without an amount: the capture had been fully refunded already, nothing was taken. */
  alreadyRefunded: boolean;
  /**
   * What this refund gave back, in cents, as PayPal says it (null when it did not say, or alreadyRefunded).
   * A repeated requestId answers the FIRST refund, so this is that refund's amount.
   */
  amountCents: number | null;
}

/** "54.00" → 5400; undefined for anything that is not a plain non-negative decimal with ≤ 2 places. */
export function decimalStringToCents(value: unknown): number | undefined {
  if (typeof value !== "string") return undefined;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return undefined;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : undefined;
}

function assertCents(label: string, cents: number): void {
  if (!Number.isSafeInteger(cents) || cents < 0) {
    throw new PayPalError(`Invalid ${label}: ${cents} (expected a non-negative integer number of cents)`);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

interface ApiAnswer {
  status: number;
  body: unknown;
}

export class PayPalClient {
  private readonly clientId: string;
  private readonly clientSecret: string;
  private readonly apiBase: string;
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => number;
  private readonly timeoutMs: number;
  private token: { value: string; renewAt: number } | undefined;
  private pendingToken: Promise<string> | undefined;

  constructor(options: PayPalClientOptions) {
    this.clientId = options.clientId;
    this.clientSecret = options.clientSecret;
    this.apiBase = options.apiBase.replace(/\/+$/, "");
    this.fetchImpl = options.fetch ?? fetch;
    this.now = options.now ?? Date.now;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** A bearer token, from the cache while it is valid; concurrent callers share one token request. */
  async accessToken(): Promise<string> {
    if (this.token && this.now() < this.token.renewAt) return this.token.value;
    this.pendingToken ??= this.fetchToken().finally(() => {
      this.pendingToken = undefined;
    });
    return this.pendingToken;
  }

  private async fetchToken(): Promise<string> {
    const basic = Buffer.from(`${this.clientId}:${this.clientSecret}`).toString("base64");
    const answer = await this.send(
      "/v1/oauth2/token",
      {
        Authorization: `Basic ${basic}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      "grant_type=client_credentials",
    );
    if (answer.status !== 200) throw this.errorFrom("token request", answer);
    const body = answer.body;
    if (!isRecord(body) || typeof body.access_token !== "string" || !body.access_token) {
      throw new PayPalError("PayPal token answer has no access_token", {
        status: answer.status,
      });
    }
    const expiresInMs = (typeof body.expires_in === "number" && body.expires_in > 0 ? body.expires_in : 0) * 1000;
    // Keep a safety margin; for very short lifetimes use half of it instead.
    const lifetime = expiresInMs > 2 * TOKEN_MARGIN_MS ? expiresInMs - TOKEN_MARGIN_MS : expiresInMs / 2;
    this.token = { value: body.access_token, renewAt: this.now() + lifetime };
    return body.access_token;
  }

  async createOrder(input: CreateOrderInput): Promise<CreatedOrder> {
    const { totals, items } = input;
    if (!input.requestId) throw new PayPalError("createOrder needs a requestId (PayPal-Request-Id)");
    if (items.length === 0) throw new PayPalError("createOrder needs at least one item");
    assertCents("subtotal", totals.subtotalCents);
    assertCents("shipping", totals.shippingCents);
    assertCents("tax", totals.taxCents);
    assertCents("total", totals.totalCents);
    const discount = totals.discountCents ?? 0;
    assertCents("discount", discount);
    let itemTotal = 0;
    for (const item of items) {
      assertCents(`unit price of ${item.sku}`, item.unitPriceCents);
      if (!Number.isSafeInteger(item.quantity) || item.quantity < 1) {
        throw new PayPalError(`Invalid quantity for ${item.sku}: ${item.quantity}`);
      }
      itemTotal += item.unitPriceCents * item.quantity;
    }
    if (itemTotal !== totals.subtotalCents) {
      throw new PayPalError(`Item total ${itemTotal} differs from subtotal ${totals.subtotalCents}`, {
        issue: "ITEM_TOTAL_MISMATCH",
      });
    }
    if (totals.subtotalCents + totals.shippingCents + totals.taxCents - discount !== totals.totalCents) {
      throw new PayPalError(
        `Total ${totals.totalCents} differs from items + shipping + tax - discount ` +
          `(${totals.subtotalCents} + ${totals.shippingCents} + ${totals.taxCents} - ${discount})`,
        { issue: "AMOUNT_MISMATCH" },
      );
    }
    const usd = (cents: number) => ({
      currency_code: "USD",
      value: centsToDecimalString(cents),
    });
    const body = {
      intent: "CAPTURE",
      purchase_units: [
        {
          reference_id: input.referenceId,
          custom_id: input.customId,
          amount: {
            ...usd(totals.totalCents),
            breakdown: {
              item_total: usd(totals.subtotalCents),
              shipping: usd(totals.shippingCents),
              tax_total: usd(totals.taxCents),
              ...(discount > 0 ? { discount: usd(discount) } : {}),
            },
          },
          items: items.map((item) => ({
            name: Array.from(item.name).slice(0, MAX_ITEM_NAME).join(""),
            sku: item.sku,
            unit_amount: usd(item.unitPriceCents),
            quantity: String(item.quantity),
            category: "PHYSICAL_GOODS",
          })),
        },
      ],
    };
    const answer = await this.authorised("/v2/checkout/orders", input.requestId, body);
    if (answer.status !== 200 && answer.status !== 201) throw this.errorFrom("create order", answer);
    const order = answer.body;
    if (!isRecord(order) || typeof order.id !== "string" || typeof order.status !== "string") {
      throw new PayPalError("PayPal create-order answer has no id/status", {
        status: answer.status,
      });
    }
    return { id: order.id, status: order.status };
  }

  /**
   * Captures an approved order. Retrying after a network failure or timeout is only safe with the
   * SAME requestId: PayPal then answers with the first result instead of capturing again.
   */
  async captureOrder(input: CaptureOrderInput): Promise<CaptureResult> {
    if (!input.requestId) throw new PayPalError("captureOrder needs a requestId (PayPal-Request-Id)");
    if (!/^[A-Za-z0-9-]+$/.test(input.paypalOrderId)) {
      throw new PayPalError(`Invalid PayPal order id: ${JSON.stringify(input.paypalOrderId)}`);
    }
    assertCents("expected total", input.expectedTotalCents);
    const path = `/v2/checkout/orders/${encodeURIComponent(input.paypalOrderId)}/capture`;
    const answer = await this.authorised(path, input.requestId, {});
    if (answer.status === 422) {
      const issue = issueOf(answer.body);
      const reason = issue ? ISSUE_REASONS[issue] : undefined;
      if (reason) return { ok: false, reason };
      throw this.errorFrom("capture", answer);
    }
    if (answer.status !== 200 && answer.status !== 201) throw this.errorFrom("capture", answer);

    const order = answer.body;
    if (!isRecord(order) || order.status !== "COMPLETED") return { ok: false, reason: "NOT_COMPLETED" };
    const unit = Array.isArray(order.purchase_units) ? order.purchase_units[0] : undefined;
    const payments = isRecord(unit) ? unit.payments : undefined;
    const capture = isRecord(payments) && Array.isArray(payments.captures) ? payments.captures[0] : undefined;
    if (!isRecord(capture)) return { ok: false, reason: "NOT_COMPLETED" };
    if (capture.status === "DECLINED") return { ok: false, reason: "DECLINED" };
    if (capture.status !== "COMPLETED" || typeof capture.id !== "string") return { ok: false, reason: "NOT_COMPLETED" };
    const amount = capture.amount;
    const amountCents = isRecord(amount) ? decimalStringToCents(amount.value) : undefined;
    if (!isRecord(amount) || amount.currency_code !== "USD" || amountCents !== input.expectedTotalCents) {
      return { ok: false, reason: "AMOUNT_MISMATCH" };
    }
    return { ok: true, captureId: capture.id, amountCents };
  }

  /**
   * Refunds a capture (`POST /v2/payments/captures/{id}/refund`): `amount` of it (a partial refund, PayPal's
   * body `{ amount: { value: "12.34", currency_code: "USD" } }`), or without an amount what is left of it
   * (the whole capture when nothing was refunded; PayPal's empty body).
   *
   * Retrying with the SAME requestId is safe: PayPal answers with the first refund instead of refunding again.
   * A capture refunded already (422 CAPTURE_FULLY_REFUNDED) answers `alreadyRefunded` for a refund without an
   * amount (the money is back), and throws for one with an amount (this refund was not made). An amount
   * above what is left (422 REFUND_AMOUNT_EXCEEDED) throws a PayPalError with that issue.
   */
  async refundCapture(input: RefundCaptureInput): Promise<RefundResult> {
    if (!input.requestId) throw new PayPalError("refundCapture needs a requestId (PayPal-Request-Id)");
    if (!/^[A-Za-z0-9-]+$/.test(input.captureId)) {
      throw new PayPalError(`Invalid PayPal capture id: ${JSON.stringify(input.captureId)}`);
    }
    const amount = input.amount;
    if (amount) {
      if (!Number.isSafeInteger(amount.cents) || amount.cents <= 0) {
        throw new PayPalError(`Invalid refund amount: ${amount.cents} (expected a positive integer number of cents)`);
      }
      if (!/^[A-Z]{3}$/.test(amount.currency)) {
        throw new PayPalError(`Invalid refund currency: ${JSON.stringify(amount.currency)}`);
      }
    }
    const what = amount
      ? `refund of ${centsToDecimalString(amount.cents)} ${amount.currency} from capture ${input.captureId}`
      : `refund of capture ${input.captureId}`;
    const path = `/v2/payments/captures/${encodeURIComponent(input.captureId)}/refund`;
    const answer = await this.authorised(path, input.requestId, refundRequestBody(amount));
    if (answer.status === 422) {
      const issue = issueOf(answer.body);
      if (issue === "CAPTURE_FULLY_REFUNDED") {
        if (!amount) return { refundId: null, status: "COMPLETED", alreadyRefunded: true, amountCents: null };
        throw new PayPalError(`PayPal refused the ${what}: the capture is already fully refunded`, {
          issue,
          status: 422,
        });
      }
      if (issue === "REFUND_AMOUNT_EXCEEDED") {
        throw new PayPalError(`PayPal refused the ${what}: it is more than what is left of the capture to refund`, {
          issue,
          status: 422,
        });
      }
    }
    if (answer.status !== 200 && answer.status !== 201) throw this.errorFrom(what, answer);
    const body = answer.body;
    if (!isRecord(body) || typeof body.id !== "string" || typeof body.status !== "string") {
      throw new PayPalError("PayPal answered a refund without its id and status", { status: answer.status });
    }
    if (body.status === "CANCELLED" || body.status === "FAILED") {
      throw new PayPalError(`PayPal refund ${body.id} ended ${body.status}`, { status: answer.status });
    }
    const refunded = isRecord(body.amount) ? decimalStringToCents(body.amount.value) : undefined;
    return { refundId: body.id, status: body.status, alreadyRefunded: false, amountCents: refunded ?? null };
  }

  private async authorised(path: string, requestId: string, body: unknown): Promise<ApiAnswer> {
    const token = await this.accessToken();
    const answer = await this.send(
      path,
      {
        Authorization: `Bearer ${token}`,
        "Content-Type": "application/json",
        "PayPal-Request-Id": requestId,
        Prefer: "return=representation",
      },
      JSON.stringify(body),
    );
    // A revoked/expired token: forget it so the next call fetches a fresh one (no automatic retry here).
    if (answer.status === 401) this.token = undefined;
    return answer;
  }

  private async send(path: string, headers: Record<string, string>, body: string): Promise<ApiAnswer> {
    const url = `${this.apiBase}${path}`;
    let response: Response;
    try {
      response = await this.fetchImpl(url, {
        method: "POST",
        headers: { Accept: "application/json", ...headers },
        body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const name = error instanceof Error ? error.name : "";
      if (name === "TimeoutError" || name === "AbortError") {
        throw new PayPalError(`PayPal request POST ${path} timed out after ${this.timeoutMs} ms`, { cause: error });
      }
      const detail = error instanceof Error ? error.message : String(error);
      throw new PayPalError(`PayPal request POST ${path} failed: ${detail}`, {
        cause: error,
      });
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new PayPalError(
        timedOut
          ? `PayPal request POST ${path} timed out after ${this.timeoutMs} ms`
          : `PayPal answer to POST ${path} could not be read`,
        { status: response.status, cause: error },
      );
    }
    let parsed: unknown = undefined;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    return { status: response.status, body: parsed };
  }

  private errorFrom(what: string, answer: ApiAnswer): PayPalError {
    const issue = issueOf(answer.body);
    const body = answer.body;
    const detail = isRecord(body)
      ? [body.name, body.error, issue, body.message, body.error_description]
          .filter((x) => typeof x === "string")
          .join(": ")
      : "";
    const kind = answer.status >= 500 ? "PayPal server error" : "PayPal refused";
    return new PayPalError(`${kind} on ${what} (HTTP ${answer.status})${detail ? `: ${detail}` : ""}`, {
      status: answer.status,
      ...(issue ? { issue } : {}),
    });
  }
}

/**
 * The body of a refund request: PayPal's `{ amount: { value, currency_code } }` for a partial refund,
 * `{}` (what is left of the capture) without an amount.
 */
export function refundRequestBody(amount: RefundAmount | undefined): Record<string, unknown> {
  return amount ? { amount: { value: centsToDecimalString(amount.cents), currency_code: amount.currency } } : {};
}

function issueOf(body: unknown): string | undefined {
  if (!isRecord(body) || !Array.isArray(body.details)) return undefined;
  const first: unknown = body.details[0];
  return isRecord(first) && typeof first.issue === "string" ? first.issue : undefined;
}

/** The client for the configured PayPal account, or undefined when PayPal is not configured. */
export function paypalClientFrom(
  paypal: { clientId: string; clientSecret: string; apiBase: string } | undefined,
): PayPalClient | undefined {
  return paypal ? new PayPalClient(paypal) : undefined;
}
