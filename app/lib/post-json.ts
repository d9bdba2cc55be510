import { FETCH_ATTEMPTS, FETCH_MESSAGES, fetchWithRetry } from "./fetch-with-retry";

/**
 * How the browser sends a request to one of the shop's own endpoints, should the server be slow or out of reach:
 * - "retry": safe to send again (a read, a set-to, a request with an idempotency key), so spec §9's rules:
 *   3 attempts of 15 s, waits of 2 s then 4 s, and then 'Request timeout after 3 attempts. …';
 * - "once": not safe to send again (an "add one more": the server may have done an attempt that timed out
 *   here), so one attempt of 15 s, then 'Request timed out. …';
 * - "wait": one attempt with no time limit of ours, for a request the server bounds itself and that may
 *   still succeed after 15 s (a PayPal call: PayPal gets 10 s per request, a token and a capture are two).
 */
export type SendPolicy = "retry" | "once" | "wait";

export interface JsonAnswer<T> {
  status: number;
  /** Null when the answer is not JSON. */
  body: T | null;
}

/**
 * Sends a request and reads its JSON answer. A failure without an answer (network, time limit) rejects,
 * with a message fit to show (failureMessage); an HTTP error status does not, its body carries the message.
 */
export function requestJson<T>(
  url: string,
  init: { method: "GET" } | { method: "POST"; body: unknown },
  policy: SendPolicy,
): Promise<JsonAnswer<T>> {
  const attempt = async (signal?: AbortSignal): Promise<JsonAnswer<T>> => {
    const response = await fetch(url, {
      method: init.method,
      headers:
        init.method === "POST"
          ? { "content-type": "application/json", accept: "application/json" }
          : { accept: "application/json" },
      ...(init.method === "POST" ? { body: JSON.stringify(init.body) } : {}),
      credentials: "same-origin",
      signal,
    });
    return { status: response.status, body: (await response.json().catch(() => null)) as T | null };
  };
  if (policy === "wait") return attempt();
  return fetchWithRetry(attempt, {
    attempts: policy === "retry" ? FETCH_ATTEMPTS : 1,
    fallbackMessage: FETCH_MESSAGES.network,
  });
}

/** POSTs JSON to one of the shop's own endpoints (see requestJson). */
export function postJson<T>(url: string, body: unknown, policy: SendPolicy): Promise<JsonAnswer<T>> {
  return requestJson<T>(url, { method: "POST", body }, policy);
}

/** What to tell the shopper about a request that got no answer: the time-limit message, or the network one. */
export function failureMessage(error: unknown): string {
  // A bare fetch failure is a TypeError ("Failed to fetch"): not a sentence for a shopper.
  if (error instanceof Error && !(error instanceof TypeError) && error.message) return error.message;
  return FETCH_MESSAGES.network;
}
