import { eq } from "drizzle-orm";
import { UNSAFE_decodeViaTurboStream as decodeTurboStream } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles } from "#db/schema/index";
import type { FitProfile } from "~/modules/fit/fit-types";
import type { ViewerAnswer } from "~/routes/api.viewer";
import { signUp } from "../support/sessions";
import { databaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * 'Find my size' measurements kept on a signed-in shopper's profile (issue 29), through the real HTTP
 * server: POST /api/fit-profile saves and removes them, /api/viewer carries them back, the profile page's
 * 'My measurements' form does the same without JavaScript. Only ever the session's own profile; a visitor
 * cannot save; bad values are refused with a clear message and store nothing.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const db = () => server.services().database.db;

const measured: FitProfile = { heightCm: 180, weightKg: 80, chestCm: null, waistCm: null, preference: "regular" };

function api(body: unknown, cookie?: string, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/api/fit-profile`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: server.url,
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function viewer(cookie?: string): Promise<ViewerAnswer> {
  const res = await fetch(`${server.url}/api/viewer`, { headers: cookie ? { cookie } : {} });
  expect(res.headers.get("cache-control")).toMatch(/^private, no-store/);
  return (await res.json()) as ViewerAnswer;
}

async function stored(userId: string): Promise<unknown> {
  const [row] = await db()
    .select({ fitProfile: profiles.fitProfile })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row?.fitProfile ?? null;
}

describe(`a shopper's measurements on ${databaseKind}`, () => {
  it("saves, reads back through the viewer answer, replaces and removes them", async () => {
    const { cookie, id } = await signUp(server, "measured@example.com");
    expect(await viewer(cookie)).toEqual({ user: expect.objectContaining({ id }) });

    const saved = await api({ intent: "save", profile: measured }, cookie);
    expect(saved.status).toBe(200);
    expect(saved.headers.get("cache-control")).toMatch(/^private, no-store/);
    expect(await saved.json()).toEqual({ fitProfile: measured });
    expect(await stored(id)).toEqual(measured);
    expect((await viewer(cookie)).fitProfile).toEqual(measured);

    // Values are kept to one decimal; a new save replaces the old one whole.
    const typed = { heightCm: null, weightKg: null, chestCm: 97.34, waistCm: 83.66, preference: "close" };
    const replaced = await api({ intent: "save", profile: typed }, cookie);
    expect(await replaced.json()).toEqual({
      fitProfile: { heightCm: null, weightKg: null, chestCm: 97.3, waistCm: 83.7, preference: "close" },
    });
    expect((await viewer(cookie)).fitProfile).toMatchObject({ chestCm: 97.3, heightCm: null });

    const removed = await api({ intent: "remove" }, cookie);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ fitProfile: null });
    expect(await stored(id)).toBeNull();
    expect(await viewer(cookie)).toEqual({ user: expect.objectContaining({ id }) });
  });

  it("keeps them for an account whose profile row is missing (made from the account)", async () => {
    const { cookie, id } = await signUp(server, "rowless@example.com", "Shopper123", "Rowan Less");
    await db().delete(profiles).where(eq(profiles.userId, id));
    expect((await api({ intent: "save", profile: measured }, cookie)).status).toBe(200);
    const [row] = await db().select().from(profiles).where(eq(profiles.userId, id));
    expect(row).toMatchObject({ fullName: "Rowan Less", fitProfile: measured });
  });

  it("refuses a visitor, whatever the body, and stores nothing", async () => {
    const before = await db().select({ userId: profiles.userId }).from(profiles);
    for (const body of [{ intent: "save", profile: measured }, { intent: "remove" }, "nonsense"]) {
      const res = await api(body);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: "Please sign in to keep your measurements on your profile" });
    }
    // A forged session cookie is a visitor's.
    const forged = await api({ intent: "save", profile: measured }, "abundance.session_token=forged.value");
    expect(forged.status).toBe(401);
    expect(await db().select({ userId: profiles.userId }).from(profiles)).toEqual(before);
    expect(await viewer()).toEqual({ user: null });
  });

  it("never shows or changes another account's measurements", async () => {
    const owner = await signUp(server, "owner-of-fit@example.com");
    const other = await signUp(server, "other-shopper@example.com");
    await api({ intent: "save", profile: measured }, owner.cookie);

    const answer = await viewer(other.cookie);
    expect(answer.user?.id).toBe(other.id);
    expect(answer.fitProfile).toBeUndefined();
    // Naming the owner anywhere in the body changes nothing: the session says whose profile it is.
    const named = await api({ intent: "remove", userId: owner.id }, other.cookie);
    expect(named.status).toBe(400);
    const sneaky = await api(
      { intent: "save", profile: { ...measured, heightCm: 150, userId: owner.id } },
      other.cookie,
    );
    expect(sneaky.status).toBe(400);
    expect((await api({ intent: "remove" }, other.cookie)).status).toBe(200);
    expect(await stored(owner.id)).toEqual(measured);
    expect((await viewer(owner.cookie)).fitProfile).toEqual(measured);
    // The profile page's data is the session's own too.
    const page = await fetch(`${server.url}/profile.data`, { headers: { cookie: other.cookie } });
    const { value } = await decodeTurboStream(page.body!, globalThis);
    const data = (value as Record<string, { data?: { fitProfile?: unknown } }>)["routes/profile"]?.data;
    expect(data?.fitProfile).toBeNull();
  });

  it.each([
    ["height out of range", { ...measured, heightCm: 20 }, "Height must be between 100 and 250 cm", "heightCm"],
    ["weight out of range", { ...measured, weightKg: 900 }, "Weight must be between 30 and 300 kg", "weightKg"],
    ["chest out of range", { ...measured, chestCm: 10 }, "Chest must be between 50 and 200 cm", "chestCm"],
    ["waist not a number", { ...measured, waistCm: "80" }, "Waist must be a number", "waistCm"],
    ["height without weight", { ...measured, weightKg: null }, "Enter your weight too", "weightKg"],
    [
      "nothing at all",
      { heightCm: null, weightKg: null, chestCm: null, waistCm: null, preference: "regular" },
      "Enter your height and weight, or your chest and waist",
      "form",
    ],
    [
      "an unknown preference",
      { ...measured, preference: "snug" },
      "Choose how you like the fit: close, regular or relaxed",
      "preference",
    ],
    ["a field too many", { ...measured, role: "admin" }, null, null],
  ] as const)("refuses %s with a clear message (400) and stores nothing", async (_what, profile, message, field) => {
    const { cookie, id } = await signUp(server, `bad-${Math.random().toString(36).slice(2)}@example.com`);
    const res = await api({ intent: "save", profile }, cookie);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; errors?: Record<string, string> };
    if (message && field) {
      expect(body.error).toBe(message);
      expect(body.errors?.[field]).toBe(message);
    } else {
      expect(body.error).toBeTruthy();
    }
    expect(JSON.stringify(body)).not.toMatch(/sql|postgres|stack|at \w+ \(/i);
    expect(await stored(id)).toBeNull();
  });

  it("refuses a request that is not one: bad JSON, an unknown intent, a NUL, another method", async () => {
    const { cookie, id } = await signUp(server, "malformed@example.com");
    for (const body of ["{not json", JSON.stringify({ intent: "drop" }), JSON.stringify({ profile: measured })]) {
      const res = await api(body, cookie);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: "Invalid measurements request" });
    }
    const nul = await api(
      JSON.stringify({ intent: "save", profile: { ...measured, preference: "regular\u0000" } }),
      cookie,
    );
    expect(nul.status).toBe(400);
    const get = await fetch(`${server.url}/api/fit-profile`, { headers: { cookie } });
    expect(get.status).toBe(405);
    expect(await stored(id)).toBeNull();
  });

  it("refuses a write from another site's page (the shop's origin rule)", async () => {
    const { cookie, id } = await signUp(server, "cross-site@example.com");
    const res = await api({ intent: "save", profile: measured }, cookie, { origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(await stored(id)).toBeNull();
  });

  it("keeps and removes them through the profile page's form (no JavaScript), in inches and pounds too", async () => {
    const { cookie, id } = await signUp(server, "profile-form@example.com");
    const post = (fields: Record<string, string>) =>
      fetch(`${server.url}/profile`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, cookie },
        body: new URLSearchParams(fields).toString(),
        redirect: "manual",
      });
    const refused = await post({
      intent: "save-measurements",
      unit: "imperial",
      height: "20",
      weight: "",
      chest: "",
      waist: "",
      preference: "regular",
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Height must be between 40 and 98 in");
    expect(await stored(id)).toBeNull();

    const saved = await post({
      intent: "save-measurements",
      unit: "imperial",
      height: "70",
      weight: "176",
      chest: "",
      waist: "",
      preference: "relaxed",
    });
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Measurements saved");
    expect(await stored(id)).toEqual({
      heightCm: 177.8,
      weightKg: 79.8,
      chestCm: null,
      waistCm: null,
      preference: "relaxed",
    });

    const page = await (await fetch(`${server.url}/profile`, { headers: { cookie } })).text();
    expect(page).toContain("My measurements");
    expect(page).toContain("177.8 cm");

    const removed = await post({ intent: "remove-measurements" });
    expect(removed.status).toBe(200);
    expect(await removed.text()).toContain("Measurements removed");
    expect(await stored(id)).toBeNull();
  });
});
