import { describe, expect, it } from "vitest";
import {
  afterFailure,
  eventMessageKey,
  finalFailure,
  MAX_ATTEMPTS,
  messagesFor,
  networkFailure,
  NOTIFICATION_MESSAGES,
  RETRY_CAP_MS,
  retryDelayMs,
  smtpFailure,
  twilioFailure,
  type SendFailure,
} from "~/modules/notifications/delivery-policy";

/** A "random" that always answers the same number, so the jitter is known. */
const fixed = (value: number) => () => value;

const retryable: SendFailure = { retryable: true, message: "Twilio is busy", code: "500" };
const final: SendFailure = { retryable: false, message: NOTIFICATION_MESSAGES.invalidPhone, code: "21211" };

describe("retryDelayMs", () => {
  it("doubles with each failed try (2 s, 4 s, 8 s …), half of it fixed", () => {
    // With no jitter the wait is half of the exponential step; with the most jitter, all of it.
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, fixed(0)))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, fixed(1)))).toEqual([2_000, 4_000, 8_000, 16_000, 32_000]);
  });

  it("treats a try number below 1 as the first", () => {
    expect(retryDelayMs(0, fixed(1))).toBe(2_000);
    expect(retryDelayMs(-3, fixed(1))).toBe(2_000);
  });

  it("never waits longer than RETRY_CAP_MS, however many tries failed", () => {
    for (const attempt of [6, 7, 8, 20, 100, 1_000]) {
      expect(retryDelayMs(attempt, fixed(1))).toBe(RETRY_CAP_MS);
      expect(retryDelayMs(attempt, fixed(0.999999))).toBeLessThanOrEqual(RETRY_CAP_MS);
      expect(retryDelayMs(attempt, fixed(0))).toBe(RETRY_CAP_MS / 2);
    }
    for (let attempt = 1; attempt <= 40; attempt++) {
      expect(retryDelayMs(attempt)).toBeLessThanOrEqual(RETRY_CAP_MS);
    }
  });

  it("keeps the jitter between half and all of the step, using the random it is given", () => {
    const randoms = [0, 0.1, 0.25, 0.5, 0.75, 0.9, 0.999];
    for (let attempt = 1; attempt <= 10; attempt++) {
      const step = Math.min(RETRY_CAP_MS, 2_000 * 2 ** (attempt - 1));
      for (const r of randoms) {
        const delay = retryDelayMs(attempt, fixed(r));
        expect(delay).toBeGreaterThanOrEqual(step / 2);
        expect(delay).toBeLessThanOrEqual(step);
        expect(delay).toBe(Math.round(step / 2 + r * (step / 2)));
      }
    }
  });

  it("asks the injected random once per delay", () => {
    let calls = 0;
    const counting = () => {
      calls++;
      return 0.5;
    };
    expect(retryDelayMs(3, counting)).toBe(6_000);
    expect(calls).toBe(1);
  });
});

describe("afterFailure", () => {
  const now = new Date("2025-03-01T12:00:00.000Z");

  it("puts a retryable failure back to pending, due after the back-off", () => {
    const next = afterFailure(1, retryable, now, fixed(0.5));
    expect(next.status).toBe("pending");
    if (next.status !== "pending") throw new Error("expected pending");
    expect(next.retryAt.getTime()).toBe(now.getTime() + retryDelayMs(1, fixed(0.5)));
    expect(next.retryAt.getTime()).toBeGreaterThan(now.getTime());
  });

  it("waits longer after each further failure", () => {
    const waits = [1, 2, 3, 4].map((attempts) => {
      const next = afterFailure(attempts, retryable, now, fixed(0));
      if (next.status !== "pending") throw new Error("expected pending");
      return next.retryAt.getTime() - now.getTime();
    });
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000]);
  });

  it("keeps retrying up to the last try before MAX_ATTEMPTS", () => {
    expect(afterFailure(MAX_ATTEMPTS - 1, retryable, now).status).toBe("pending");
  });

  it("gives up when MAX_ATTEMPTS tries have failed", () => {
    expect(afterFailure(MAX_ATTEMPTS, retryable, now)).toEqual({ status: "failed" });
    expect(afterFailure(MAX_ATTEMPTS + 5, retryable, now)).toEqual({ status: "failed" });
  });

  it("gives up at once on a failure no retry can fix", () => {
    expect(afterFailure(1, final, now)).toEqual({ status: "failed" });
    expect(afterFailure(1, finalFailure(NOTIFICATION_MESSAGES.whatsappNotConfigured), now)).toEqual({
      status: "failed",
    });
  });

  it("does not touch the random when it gives up", () => {
    const never = () => {
      throw new Error("random was asked");
    };
    expect(afterFailure(1, final, now, never)).toEqual({ status: "failed" });
  });
});

describe("twilioFailure", () => {
  it("21211 is final: the invalid-number text the owner reads", () => {
    expect(twilioFailure(400, 21211, "The 'To' number is not a valid phone number.")).toEqual({
      retryable: false,
      message: "Invalid phone number format. Please use international format: +1234567890",
      code: "21211",
    });
  });

  it("63007 is final: the sender is not enabled for WhatsApp", () => {
    expect(twilioFailure(400, 63007, "Could not find a Channel")).toEqual({
      retryable: false,
      message: NOTIFICATION_MESSAGES.notVerified,
      code: "63007",
    });
    expect(NOTIFICATION_MESSAGES.notVerified).toMatch(/^Phone number not verified/);
  });

  it("63016 is final: outside the 24-hour window", () => {
    expect(twilioFailure(400, "63016", null)).toEqual({
      retryable: false,
      message: NOTIFICATION_MESSAGES.outsideWindow,
      code: "63016",
    });
    expect(NOTIFICATION_MESSAGES.outsideWindow).toContain("24 hours");
  });

  it("takes the code as a number or as text", () => {
    expect(twilioFailure(400, "21211", null)).toEqual(twilioFailure(400, 21211, null));
  });

  it("500 is retryable, with Twilio's message after the send-failed text", () => {
    expect(twilioFailure(500, 20500, "Internal Server Error")).toEqual({
      retryable: true,
      message: "Failed to send WhatsApp notification: Internal Server Error",
      code: "20500",
    });
    expect(twilioFailure(503, null, null)).toEqual({
      retryable: true,
      message: "Failed to send WhatsApp notification",
      code: "503",
    });
  });

  it("429 (too many requests) is retryable", () => {
    const failure = twilioFailure(429, 20429, "Too Many Requests");
    expect(failure.retryable).toBe(true);
    expect(failure.code).toBe("20429");
    expect(failure.message).toBe(`${NOTIFICATION_MESSAGES.sendFailed}: Too Many Requests`);
  });

  it("401 (bad credentials) is final: it would answer the same next time", () => {
    expect(twilioFailure(401, 20003, "Authenticate")).toEqual({
      retryable: false,
      message: "Failed to send WhatsApp notification: Authenticate",
      code: "20003",
    });
  });

  it("another 4xx without a known code is final, and keeps the HTTP status as its code", () => {
    expect(twilioFailure(400, null, "Bad request")).toEqual({
      retryable: false,
      message: "Failed to send WhatsApp notification: Bad request",
      code: "400",
    });
  });
});

describe("smtpFailure", () => {
  it("550 is permanent: no retry", () => {
    expect(smtpFailure(550, "Mailbox unavailable")).toEqual({
      retryable: false,
      message: "Failed to send e-mail notification: Mailbox unavailable",
      code: "550",
    });
  });

  it("451 is temporary: retry", () => {
    expect(smtpFailure(451, "Try again later")).toEqual({
      retryable: true,
      message: "Failed to send e-mail notification: Try again later",
      code: "451",
    });
  });

  it("no answer code at all (connection refused, timeout) is retryable, without a code", () => {
    expect(smtpFailure(undefined, "connect ECONNREFUSED")).toEqual({
      retryable: true,
      message: "Failed to send e-mail notification: connect ECONNREFUSED",
      code: null,
    });
  });
});

describe("networkFailure and finalFailure", () => {
  it("a lost connection is retryable, worded for its channel", () => {
    expect(networkFailure("whatsapp", "timed out")).toEqual({
      retryable: true,
      message: "Failed to send WhatsApp notification: timed out",
      code: null,
    });
    expect(networkFailure("email", "ECONNRESET").message).toBe("Failed to send e-mail notification: ECONNRESET");
  });

  it("a final failure is not retryable", () => {
    expect(finalFailure("nope", "X1")).toEqual({ retryable: false, message: "nope", code: "X1" });
    expect(finalFailure("nope").code).toBeNull();
  });
});

describe("messagesFor", () => {
  it("order.paid: the owner's WhatsApp and the customer's e-mail confirmation", () => {
    expect(messagesFor("order.paid")).toEqual([
      { channel: "whatsapp", audience: "owner", type: "order_confirmation" },
      { channel: "email", audience: "customer", type: "order_confirmation" },
    ]);
  });

  it("order.shipped: the customer's e-mail and WhatsApp", () => {
    expect(messagesFor("order.shipped")).toEqual([
      { channel: "email", audience: "customer", type: "shipping_notification" },
      { channel: "whatsapp", audience: "customer", type: "shipping_notification" },
    ]);
  });

  it("order.delivered: the customer's e-mail", () => {
    expect(messagesFor("order.delivered")).toEqual([
      { channel: "email", audience: "customer", type: "delivery_notification" },
    ]);
  });

  it("order.cancelled: the customer's e-mail", () => {
    expect(messagesFor("order.cancelled")).toEqual([
      { channel: "email", audience: "customer", type: "cancellation_notification" },
    ]);
  });

  it("writes nothing on a channel that is off: no WhatsApp without Twilio, none to the owner without their number", () => {
    const off = { whatsapp: false, ownerWhatsApp: false };
    expect(messagesFor("order.paid", off)).toEqual([
      { channel: "email", audience: "customer", type: "order_confirmation" },
    ]);
    expect(messagesFor("order.shipped", off)).toEqual([
      { channel: "email", audience: "customer", type: "shipping_notification" },
    ]);
    const noOwner = { whatsapp: true, ownerWhatsApp: false };
    expect(messagesFor("order.paid", noOwner)).toEqual([
      { channel: "email", audience: "customer", type: "order_confirmation" },
    ]);
    expect(messagesFor("order.shipped", noOwner)).toEqual(messagesFor("order.shipped"));
  });

  it("any other event: nothing", () => {
    expect(messagesFor("order.placed")).toEqual([]);
    expect(messagesFor("")).toEqual([]);
  });
});

describe("eventMessageKey", () => {
  const orderId = "3f2a1d6e-0000-4000-8000-000000000001";

  it("names the event, the order, the channel and the audience", () => {
    const [whatsapp, email] = messagesFor("order.paid");
    expect(eventMessageKey("order.paid", orderId, whatsapp!)).toBe(`order.paid:${orderId}:whatsapp:owner`);
    expect(eventMessageKey("order.paid", orderId, email!)).toBe(`order.paid:${orderId}:email:customer`);
  });

  it("is different for each message of every event, and the same for the same message", () => {
    const events = ["order.paid", "order.shipped", "order.delivered", "order.cancelled"];
    const keys = events.flatMap((event) => messagesFor(event).map((m) => eventMessageKey(event, orderId, m)));
    expect(new Set(keys).size).toBe(keys.length);
    const [first] = messagesFor("order.shipped");
    expect(eventMessageKey("order.shipped", orderId, first!)).toBe(
      eventMessageKey("order.shipped", orderId, { ...first! }),
    );
    expect(eventMessageKey("order.shipped", "another-order", first!)).not.toBe(
      eventMessageKey("order.shipped", orderId, first!),
    );
  });
});
