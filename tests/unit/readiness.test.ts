import { describe, expect, it } from "vitest";
import type { Database } from "~/lib/db/client.server";
import { bearerMatches } from "../../server/metrics-http";
import { readiness } from "../../server/readiness";

const database = (ping: () => Promise<void>) => ({ ping }) as unknown as Database;

describe("readiness", () => {
  it("is starting until started, ready while the database answers, unavailable when it does not, stopping at the end", async () => {
    let up = true;
    const ready = readiness(() => database(async () => (up ? undefined : Promise.reject(new Error("down")))));
    expect(await ready.check()).toBe("starting");
    ready.started();
    expect(await ready.check()).toBe("ready");
    up = false;
    expect(await ready.check()).toBe("unavailable");
    up = true;
    expect(await ready.check()).toBe("ready");
    ready.stopping();
    expect(await ready.check()).toBe("stopping");
  });
});

describe("the metrics token", () => {
  it("matches only the exact bearer token", () => {
    const token = "0123456789abcdef0123";
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(undefined, token)).toBe(false);
    expect(bearerMatches("Bearer ", token)).toBe(false);
    expect(bearerMatches(`Bearer ${token}x`, token)).toBe(false);
    expect(bearerMatches(token, token)).toBe(false);
  });
});
