import { checkoutForm } from "./fixtures";

/**
 * Shoppers driving a running server over HTTP as the browser does (cart through /api/cart, checkout
 * through /api/checkout with the demo payment), for load while something breaks underneath. Every
 * call answers what came back — or the network error, when the server could not answer at all.
 */

export interface Answer {
  /** 0 when the request failed without an answer (connection refused or cut). */
  status: number;
  contentType: string;
  text: string;
  /** The JSON body, when the answer was JSON. */
  json: Record<string, unknown> | null;
  /** The network error, for status 0. */
  failure?: string;
}

async function answerOf(res: Response): Promise<Answer> {
  const text = await res.text();
  const contentType = res.headers.get("content-type") ?? "";
  let json: Record<string, unknown> | null = null;
  if (contentType.includes("json")) {
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      json = null;
    }
  }
  return { status: res.status, contentType, text, json };
}

const failed = (error: unknown): Answer => ({
  status: 0,
  contentType: "",
  text: "",
  json: null,
  failure:
    error instanceof Error
      ? `${error.message} ${String((error.cause as Error | undefined)?.message ?? "")}`
      : String(error),
});

export async function postJson(baseUrl: string, path: string, body: unknown, cookie: string): Promise<Answer> {
  try {
    const res = await fetch(`${baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl, cookie },
      body: JSON.stringify(body),
      redirect: "manual",
    });
    return await answerOf(res);
  } catch (error) {
    return failed(error);
  }
}

export async function get(baseUrl: string, path: string, cookie = ""): Promise<Answer> {
  try {
    const res = await fetch(`${baseUrl}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
    return await answerOf(res);
  } catch (error) {
    return failed(error);
  }
}

export type CartLine = { productId: string; quantity: number };

/** Empties the account's cart and puts exactly these lines in it; throws unless every call answered 200. */
export async function fillCart(baseUrl: string, cookie: string, lines: CartLine[]): Promise<void> {
  for (const body of [{ intent: "clear" }, ...lines.map((line) => ({ intent: "add", ...line }))]) {
    const answer = await postJson(baseUrl, "/api/cart", body, cookie);
    if (answer.status !== 200)
      throw new Error(`/api/cart ${JSON.stringify(body)} answered ${answer.status}: ${answer.text}`);
  }
}

let keys = 0;

/** Places an order from the account's cart with a fresh idempotency key and the demo payment. */
export const placeOrder = (baseUrl: string, cookie: string) =>
  postJson(
    baseUrl,
    "/api/checkout",
    {
      intent: "place",
      idempotencyKey: `load-${process.pid}-${Date.now()}-${++keys}`,
      paymentMethod: "demo",
      form: checkoutForm,
    },
    cookie,
  );

/** Pays an order by the demo payment (1.5 s on the server). */
export const payOrder = (baseUrl: string, cookie: string, orderId: string) =>
  postJson(baseUrl, "/api/checkout", { intent: "demo-pay", orderId }, cookie);

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
