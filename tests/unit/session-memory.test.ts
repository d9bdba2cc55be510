import { describe, expect, it } from "vitest";
import type { Subscriber } from "~/lib/db/client.server";
import { SESSIONS_CHANNEL, SessionMemory, type KnownSession } from "~/modules/accounts/session-memory.server";

const NOW = 1_800_000_000_000;
const DAY = 24 * 60 * 60 * 1000;

function session(overrides: Partial<KnownSession> = {}, role: "customer" | "admin" = "customer"): KnownSession {
  return {
    user: { id: "u1", email: "pat@example.com", name: "Pat", role, staffRole: role === "admin" ? "owner" : null },
    sessionId: "s1",
    updatedAt: NOW - DAY,
    expiresAt: NOW + 7 * DAY,
    ...overrides,
  };
}

function listeningMemory(options: ConstructorParameters<typeof SessionMemory>[0] = {}) {
  const memory = new SessionMemory(options);
  memory.setListening(true);
  return memory;
}

describe("SessionMemory", () => {
  it("keeps a customer's session read after a mark, for its lifetime", () => {
    const memory = listeningMemory({ ttlMs: 60_000 });
    memory.keep("tok", session(), memory.mark(), NOW);
    expect(memory.get("tok", NOW + 59_999)?.user.email).toBe("pat@example.com");
    expect(memory.get("tok", NOW + 60_000)).toBeUndefined();
  });

  it("never keeps a copy past the session's own expiry", () => {
    const memory = listeningMemory({ ttlMs: 60_000 });
    memory.keep("tok", session({ expiresAt: NOW + 1_000 }), memory.mark(), NOW);
    expect(memory.get("tok", NOW + 999)).toBeDefined();
    expect(memory.get("tok", NOW + 1_000)).toBeUndefined();
  });

  it("does not keep an admin's session: every request with one reads the database", () => {
    const memory = listeningMemory();
    memory.keep("tok", session({}, "admin"), memory.mark(), NOW);
    expect(memory.get("tok", NOW)).toBeUndefined();
  });

  it("keeps nothing while it cannot hear changes: before listening, and after the connection is lost", () => {
    const memory = new SessionMemory();
    memory.keep("tok", session(), memory.mark(), NOW);
    expect(memory.get("tok", NOW)).toBeUndefined();
    memory.setListening(true);
    memory.keep("tok", session(), memory.mark(), NOW);
    expect(memory.get("tok", NOW)).toBeDefined();
    memory.setListening(false);
    expect(memory.get("tok", NOW)).toBeUndefined();
    memory.keep("tok", session(), memory.mark(), NOW);
    expect(memory.get("tok", NOW)).toBeUndefined();
  });

  it("forgets a session by its id, and every session of a user by the user's id", () => {
    const memory = listeningMemory();
    memory.keep("a", session({ sessionId: "s1" }), memory.mark(), NOW);
    memory.keep("b", session({ sessionId: "s2" }), memory.mark(), NOW);
    memory.keep(
      "c",
      session({
        sessionId: "s3",
        user: { id: "u2", email: "o@example.com", name: "O", role: "customer", staffRole: null },
      }),
      memory.mark(),
      NOW,
    );
    memory.forget("s:s1");
    expect(memory.get("a", NOW)).toBeUndefined();
    expect(memory.get("b", NOW)).toBeDefined();
    memory.forget("u:u1");
    expect(memory.get("b", NOW)).toBeUndefined();
    expect(memory.get("c", NOW)).toBeDefined();
    memory.forget("something else");
    expect(memory.get("c", NOW)).toBeUndefined();
  });

  it("does not keep what was read before a notice arrived (the read may be older than the change)", () => {
    const memory = listeningMemory();
    const mark = memory.mark();
    memory.forget("s:unrelated");
    memory.keep("tok", session(), mark, NOW);
    expect(memory.get("tok", NOW)).toBeUndefined();
  });

  it("is bounded by entries and by bytes, the oldest going first", () => {
    const memory = listeningMemory({ maxEntries: 2, maxBytes: 1_000_000 });
    for (const token of ["a", "b", "c"]) memory.keep(token, session({ sessionId: token }), memory.mark(), NOW);
    expect(memory.get("a", NOW)).toBeUndefined();
    expect(memory.get("c", NOW)).toBeDefined();
    const small = listeningMemory({ maxBytes: 400 });
    small.keep("a", session({ sessionId: "a" }), small.mark(), NOW);
    small.keep("b", session({ sessionId: "b" }), small.mark(), NOW);
    expect(small.get("a", NOW)).toBeUndefined();
    expect(small.get("b", NOW)).toBeDefined();
  });

  it("listens on the triggers' channel and follows the subscription's state", async () => {
    let subscriber: Subscriber | undefined;
    let channel = "";
    let stopped = false;
    const memory = new SessionMemory();
    const stop = memory.listen({
      subscribe: (name, handlers) => {
        channel = name;
        subscriber = handlers;
        return async () => {
          stopped = true;
        };
      },
    });
    expect(channel).toBe(SESSIONS_CHANNEL);
    subscriber!.onListening!();
    memory.keep("tok", session(), memory.mark(), NOW);
    expect(memory.get("tok", NOW)).toBeDefined();
    subscriber!.onMessage("s:s1");
    expect(memory.get("tok", NOW)).toBeUndefined();
    memory.keep("tok", session(), memory.mark(), NOW);
    subscriber!.onLost!();
    expect(memory.get("tok", NOW)).toBeUndefined();
    subscriber!.onListening!();
    memory.keep("tok", session(), memory.mark(), NOW);
    subscriber!.onReconnect();
    expect(memory.get("tok", NOW)).toBeUndefined();
    await stop();
    expect(stopped).toBe(true);
  });
});
