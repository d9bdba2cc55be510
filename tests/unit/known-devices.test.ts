import { describe, expect, it } from "vitest";
import { createKnownDevices } from "~/modules/accounts/known-devices.server";

/** The known-device cookie (docs/decisions/0029): signed, naming the device and its accounts by fingerprint. */
const devices = createKnownDevices({
  authSecret: "a-test-auth-secret-of-at-least-32-characters",
  secureCookies: false,
});
const other = createKnownDevices({ authSecret: "another-auth-secret-of-at-least-32-chars", secureCookies: false });
const withCookie = (setCookie: string) =>
  new Request("http://shop.test/login", { headers: { cookie: setCookie.split(";")[0]! } });

describe("known devices", () => {
  it("knows a device for the accounts that signed in on it, and keeps its id", async () => {
    const first = await devices.remember(new Request("http://shop.test/login"), "Owner@Example.com");
    expect(first).toMatch(/HttpOnly/i);
    expect(first).toMatch(/Max-Age=15552000/);
    expect(first).not.toMatch(/owner/i);
    const id = await devices.deviceOf(withCookie(first), "owner@example.com");
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await devices.deviceOf(withCookie(first), "someone@example.com")).toBeNull();

    const second = await devices.remember(withCookie(first), "someone@example.com");
    expect(await devices.deviceOf(withCookie(second), "someone@example.com")).toBe(id);
    expect(await devices.deviceOf(withCookie(second), "owner@example.com")).toBe(id);
  });

  it("takes no cookie signed with another secret, a forged one, or none", async () => {
    const theirs = await other.remember(new Request("http://shop.test/login"), "owner@example.com");
    expect(await devices.deviceOf(withCookie(theirs), "owner@example.com")).toBeNull();
    const forged = withCookie("abundance.known_device=eyJkIjoiYWFhYWFhYWFhYWFhYWFhYWFhYWFhYSIsImEiOltdfQ%3D%3D.x");
    expect(await devices.deviceOf(forged, "owner@example.com")).toBeNull();
    expect(await devices.deviceOf(new Request("http://shop.test/login"), "owner@example.com")).toBeNull();
  });

  it("remembers at most five accounts, the latest first", async () => {
    let cookie = await devices.remember(new Request("http://shop.test/login"), "a0@example.com");
    for (let i = 1; i < 7; i++) cookie = await devices.remember(withCookie(cookie), `a${i}@example.com`);
    expect(await devices.deviceOf(withCookie(cookie), "a6@example.com")).not.toBeNull();
    expect(await devices.deviceOf(withCookie(cookie), "a2@example.com")).not.toBeNull();
    expect(await devices.deviceOf(withCookie(cookie), "a1@example.com")).toBeNull();
  });
});
