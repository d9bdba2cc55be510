import { describe, expect, it, vi } from "vitest";
import { DomainError } from "~/lib/domain-error";
import { errorAnswer, REQUEST_ID_HEADER } from "~/lib/http/error-answer.server";

const request = new Request("http://shop.test/api/checkout", { headers: { [REQUEST_ID_HEADER]: "req123" } });
const dbFailure = () =>
  Object.assign(new Error("Failed query"), {
    cause: { code: "23505", message: 'duplicate key value violates unique constraint "orders_idempotencyKey_unique"' },
  });

describe("errorAnswer: one mapping from errors to HTTP answers", () => {
  it("answers a DomainError with its message and the status of its code", () => {
    const cases: Array<[DomainError, number]> = [
      [new DomainError("invalid", "Bad"), 400],
      [new DomainError("unauthenticated", "Who?"), 401],
      [new DomainError("payment-declined", "Declined"), 402],
      [new DomainError("forbidden", "No"), 403],
      [new DomainError("not-found", "Gone"), 404],
      [new DomainError("conflict", "Taken"), 409],
      [new DomainError("too-large", "Big"), 413],
      [new DomainError("rate-limited", "Slow down"), 429],
      [new DomainError("unavailable", "Later"), 503],
    ];
    for (const [error, status] of cases) {
      expect(errorAnswer(error, request, { where: "test" })).toEqual({ status, message: error.message });
    }
    const withFields = new DomainError("invalid", "Check the form", { fieldErrors: { email: "Email is required" } });
    expect(errorAnswer(withFields, request, { where: "test" }).fieldErrors).toEqual({ email: "Email is required" });
  });

  it("never shows database text: a safe summary with the request id, the detail in the log", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const answer = errorAnswer(dbFailure(), request, { where: "checkout", fallback: "Failed to create order" });
    expect(answer.status).toBe(500);
    expect(answer.message).toBe("Database error: the change could not be saved (reference req123). Please try again.");
    expect(answer.message).not.toMatch(/duplicate|constraint|idempotency/);
    expect(log).toHaveBeenCalledTimes(1);
    expect(String(log.mock.calls[0]![0])).toContain("req123");
    expect(String(log.mock.calls[0]![1])).toContain("orders_idempotencyKey_unique");
  });

  it("answers any other failure with the route's fallback and the request id", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const answer = errorAnswer(new TypeError("x is undefined"), request, {
      where: "checkout",
      fallback: "Failed to create order",
    });
    expect(answer).toEqual({ status: 500, message: "Failed to create order (reference req123). Please try again." });
  });

  it("lets responses thrown on purpose (redirects) through", () => {
    const redirect = new Response(null, { status: 302, headers: { location: "/login" } });
    expect(() => errorAnswer(redirect, request, { where: "test" })).toThrow(Response);
  });
});
