import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { failureMessage, postJson, requestJson } from "~/lib/post-json";

/**
 * The browser's requests to the shop's endpoints under a slow or unreachable server (spec §9): requests
 * safe to repeat get 3 attempts of 15 s, the others one; PayPal's are left to the server's own limits.
 */
let calls: Array<{ url: string; init: RequestInit }>;
let answer: (init: RequestInit) => Promise<Response>;

/** A server that never answers (the request hangs until its signal aborts it). */
const silent = (init: RequestInit) =>
  new Promise<Response>((_, reject) => {
    init.signal?.addEventListener("abort", () => reject(init.signal!.reason), { once: true });
  });

beforeEach(() => {
  vi.useFakeTimers();
  calls = [];
  answer = silent;
  vi.stubGlobal("fetch", (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return answer(init);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function settle<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  const outcome = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.runAllTimersAsync();
  return outcome;
}

describe("postJson and requestJson", () => {
  it("'retry': 3 attempts of 15 s, 2 s then 4 s apart, then 'Request timeout after 3 attempts. …'", async () => {
    const started: number[] = [];
    answer = (init) => {
      started.push(Date.now());
      return silent(init);
    };
    const t0 = Date.now();
    const { error } = await settle(postJson("/api/cart", { intent: "set" }, "retry"));
    expect(failureMessage(error)).toBe("Request timeout after 3 attempts. Please check your connection and try again.");
    expect(started.map((t) => t - t0)).toEqual([0, 17_000, 36_000]);
    for (const { url, init } of calls) {
      expect(url).toBe("/api/cart");
      expect(init).toMatchObject({ method: "POST", body: '{"intent":"set"}', credentials: "same-origin" });
    }
  });

  it("'once': one attempt of 15 s, then 'Request timed out. …'", async () => {
    const { error } = await settle(postJson("/api/cart", { intent: "add" }, "once"));
    expect(calls).toHaveLength(1);
    expect(failureMessage(error)).toBe("Request timed out. Please check your connection and try again.");
  });

  it("'wait': no time limit of ours, one attempt", async () => {
    let reply: (response: Response) => void = () => {};
    answer = () => new Promise((resolve) => (reply = resolve));
    const pending = postJson<{ ok: boolean }>("/api/checkout", { intent: "paypal-capture" }, "wait");
    await vi.advanceTimersByTimeAsync(120_000);
    reply(Response.json({ ok: true }));
    expect(await pending).toEqual({ status: 200, body: { ok: true } });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.init.signal).toBeUndefined();
  });

  it("answers an HTTP error with its status and JSON body, and a body that is not JSON as null", async () => {
    answer = async () => Response.json({ items: [], error: "Invalid cart request" }, { status: 400 });
    expect(await postJson("/api/cart", {}, "retry")).toEqual({
      status: 400,
      body: { items: [], error: "Invalid cart request" },
    });
    answer = async () => new Response("<h1>Bad gateway</h1>", { status: 502 });
    expect(await requestJson("/api/cart", { method: "GET" }, "retry")).toEqual({ status: 502, body: null });
    expect(calls.map((c) => c.init.method)).toEqual(["POST", "GET"]);
  });

  it("retries a network failure and then says 'Network error. Please check your connection.'", async () => {
    answer = () => Promise.reject(new TypeError("Failed to fetch"));
    const { error } = await settle(requestJson("/api/cart", { method: "GET" }, "retry"));
    expect(calls).toHaveLength(3);
    expect(failureMessage(error)).toBe("Network error. Please check your connection.");
    // A bare fetch failure ('wait') is said the same way.
    expect(failureMessage(new TypeError("Failed to fetch"))).toBe("Network error. Please check your connection.");
  });
});
