import { describe, expect, it, vi } from "vitest";
import { redirect } from "react-router";
import { connectionFailure, DATABASE_UNAVAILABLE_MESSAGE } from "~/lib/db/errors";
import { DomainError } from "~/lib/domain-error";
import { errorAnswer, pageLoader, REQUEST_ID_HEADER } from "~/lib/http/error-answer.server";

const request = new Request("http://shop.test/api/checkout", { headers: { [REQUEST_ID_HEADER]: "req123" } });
const dbFailure = (
  code = "23514",
  message = 'new row for relation "orders" violates check constraint "orders_amounts_check"',
) => Object.assign(new Error("Failed query"), { cause: { code, message } });
const duplicate = () =>
  dbFailure("23505", 'duplicate key value violates unique constraint "orders_user_idempotency_key_unique"');

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
    expect(answer.message).not.toMatch(/violates|constraint|orders_amounts/);
    expect(log).toHaveBeenCalledTimes(1);
    const line = JSON.parse(String(log.mock.calls[0]![0])) as { reqId: string; err: Record<string, string> };
    expect(line.reqId).toBe("req123");
    expect(line.err).toMatchObject({ type: "DatabaseError", code: "23514" });
    expect(line.err.message).toContain("orders_amounts_check");
  });

  it("answers a unique-index violation no module handled as a 409 the person can retry, without the database's text", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const answer = errorAnswer(duplicate(), request, { where: "checkout", fallback: "Failed to create order" });
    expect(answer).toEqual({
      status: 409,
      message:
        "Database error: this was saved by another request at the same time (reference req123). Please refresh and try again.",
    });
    expect(answer.message).not.toMatch(/duplicate|constraint|idempotency|unique/i);
    expect(String(log.mock.calls[0]![0])).toContain("orders_user_idempotency_key_unique");
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

/** A failed query as the ORM throws it: its SQL in the message, the driver's error as the cause. */
const failedQuery = (cause: object) =>
  Object.assign(new Error('Failed query: select "id" from "orders" where "id" = $1'), { cause });
const serverGone = [
  failedQuery({ code: "57P01", message: "terminating connection due to administrator command" }),
  failedQuery({ code: "57P03", message: "the database system is starting up" }),
  failedQuery({ code: "08006", message: "connection failure" }),
  failedQuery(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })),
  failedQuery(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" })),
  failedQuery(new Error("Connection terminated unexpectedly")),
  new Error("timeout exceeded when trying to connect"),
  new Error("Client has encountered a connection error and is not queryable"),
];

describe("a database that cannot be reached", () => {
  it("is told apart from a query the database refused", () => {
    for (const error of serverGone) expect(connectionFailure(error)).not.toBeNull();
    expect(connectionFailure(serverGone[0])).toEqual({
      code: "57P01",
      message: "terminating connection due to administrator command",
    });
    expect(connectionFailure(dbFailure())).toBeNull();
    expect(connectionFailure(failedQuery({ code: "40P01", message: "deadlock detected" }))).toBeNull();
    expect(connectionFailure(new TypeError("x is undefined"))).toBeNull();
    expect(connectionFailure(new Error("Connection terminated by a handler we wrote"))).toBeNull();
  });

  it("is the DomainError 'unavailable': 503 and the spec's message, one warning line with the request id", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    for (const error of serverGone) {
      expect(errorAnswer(error, request, { where: "checkout", fallback: "Failed to create order" })).toEqual({
        status: 503,
        message: "Database connection error. Please try again later.",
      });
    }
    expect(warn).toHaveBeenCalledTimes(serverGone.length);
    expect(JSON.parse(String(warn.mock.calls[0]![0]))).toMatchObject({
      level: "warn",
      reqId: "req123",
      msg: "[checkout] database unavailable",
      err: { code: "57P01", message: "terminating connection due to administrator command" },
    });
    expect(String(warn.mock.calls[0]![0])).not.toContain("select");
  });

  it("fails a page loader with a 503 route error response carrying the message; other failures as they were", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const args = { request: new Request("http://shop.test/orders", { headers: { [REQUEST_ID_HEADER]: "req9" } }) };
    const failing = (error: unknown) => pageLoader(async (_: typeof args) => Promise.reject(error));

    await expect(failing(serverGone[0])(args)).rejects.toMatchObject({
      data: DATABASE_UNAVAILABLE_MESSAGE,
      init: { status: 503 },
    });
    await expect(failing(new DomainError("not-found", "Order Not Found"))(args)).rejects.toMatchObject({
      data: "Order Not Found",
      init: { status: 404 },
    });
    const toLogin = redirect("/login");
    await expect(failing(toLogin)(args)).rejects.toBe(toLogin);
    const bug = new TypeError("x is undefined");
    await expect(failing(bug)(args)).rejects.toBe(bug);
    await expect(pageLoader(async (_: typeof args) => ({ ok: true }))(args)).resolves.toEqual({ ok: true });
  });
});
