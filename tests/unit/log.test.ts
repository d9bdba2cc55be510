import { Writable } from "node:stream";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { createLogger, errorFields } from "~/lib/log.server";

/** A logger of the shop's format writing into an array of parsed lines. */
function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger(stream as never, "debug"), lines, raw: () => JSON.stringify(lines) };
}

const QUERY = `select id from order_notifications where status = 'pending' and recipient = $1`;

describe("the log", () => {
  it("writes one JSON line per event with level, time, pid and message", () => {
    const { logger, lines } = capture();
    logger.info({ reqId: "abc", route: "/shop" }, "request");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "info", reqId: "abc", route: "/shop", msg: "request", pid: process.pid });
    expect(String(lines[0]!.time)).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("logs a failed query's code and message, never its SQL or parameters (the worker during an outage)", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const outage = new DrizzleQueryError(QUERY, ["shopper@example.com"], refused);
    const refusedQuery = new DrizzleQueryError(
      QUERY,
      ["shopper@example.com"],
      Object.assign(new Error('relation "x" does not exist'), { code: "42P01" }),
    );
    const noCode = new DrizzleQueryError(QUERY, ["shopper@example.com"], new Error("something odd"));
    // What the worker logged before: the error's own message is the query.
    expect(outage.message).toContain("order_notifications");

    const { logger, lines, raw } = capture();
    logger.warn({ err: outage }, "[notifications] worker round failed");
    logger.warn({ err: refusedQuery }, "[events] a handler failed");
    logger.warn({ err: noCode }, "[events] a handler failed");
    expect(lines).toHaveLength(3);
    expect(raw()).not.toMatch(/order_notifications|select|shopper@example\.com|Failed query/);
    expect(lines[0]!.err).toEqual({ type: "DatabaseUnavailable", code: "ECONNREFUSED", message: refused.message });
    expect(lines[1]!.err).toMatchObject({ type: "DatabaseError", code: "42P01" });
    expect(lines[2]!.err).toEqual({ type: "DrizzleQueryError", message: "query failed: something odd" });
  });

  it("keeps a bug's stack, in the one line", () => {
    const fields = errorFields(new TypeError("x is not a function"));
    expect(fields).toMatchObject({ type: "TypeError", message: "x is not a function" });
    expect(fields.stack).toContain("TypeError");
  });

  it("censors passwords, tokens, cookies and addresses wherever a field carries them", () => {
    const { logger, raw } = capture();
    logger.info(
      {
        password: "Secret123",
        body: { password: "Secret123", token: "tok-1" },
        headers: { cookie: "abundance.session=s3cr3t", authorization: "Bearer b" },
        order: { shippingAddress: { line1: "1 Main St" } },
      },
      "oops",
    );
    expect(raw()).not.toMatch(/Secret123|tok-1|s3cr3t|Bearer b|Main St/);
  });
});
