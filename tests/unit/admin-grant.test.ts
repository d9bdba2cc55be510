import { describe, expect, it } from "vitest";
import { samePassword } from "~/modules/accounts/admin-access.server";
import { ADMIN_GRANT_SECONDS, grantHolds, newGrant, typedAdminPassword } from "~/modules/accounts/admin-grant";
import { TEST_ORDER_MESSAGES } from "~/modules/orders/test-order-tool";

const session = { sessionId: "session-1", userId: "user-1" };
const now = Date.UTC(2026, 10, 23, 12);

describe("the /admin pass", () => {
  it("holds for the session and account it was given to, for 8 hours", () => {
    const grant = newGrant(session, now);
    expect(grant.expiresAt - now).toBe(8 * 3600 * 1000);
    expect(ADMIN_GRANT_SECONDS).toBe(8 * 3600);
    expect(grantHolds(grant, session, now)).toBe(true);
    expect(grantHolds(grant, session, now + 8 * 3600 * 1000 - 1)).toBe(true);
    expect(grantHolds(grant, session, now + 8 * 3600 * 1000)).toBe(false);
  });

  it("does not hold for another session or account, or with a made-up expiry", () => {
    const grant = newGrant(session, now);
    expect(grantHolds(grant, { ...session, sessionId: "session-2" }, now)).toBe(false);
    expect(grantHolds(grant, { ...session, userId: "user-2" }, now)).toBe(false);
    expect(grantHolds({ ...grant, expiresAt: now + 365 * 24 * 3600 * 1000 }, session, now)).toBe(false);
    expect(grantHolds({ ...grant, expiresAt: "later" }, session, now)).toBe(false);
    for (const value of [null, undefined, "", "admin", true, 1, [], {}])
      expect(grantHolds(value, session, now)).toBe(false);
  });

  it("compares the typed password trimmed, and only equal passwords match", () => {
    expect(typedAdminPassword("  secret ")).toBe("secret");
    expect(typedAdminPassword(undefined)).toBe("");
    expect(typedAdminPassword(null)).toBe("");
    expect(typedAdminPassword("x".repeat(500))).toHaveLength(200);
    expect(samePassword("secret", "secret")).toBe(true);
    expect(samePassword("secret", "Secret")).toBe(false);
    expect(samePassword("secre", "secret")).toBe(false);
    expect(samePassword("", "")).toBe(false);
  });

  it("keeps the spec's texts of the test-order tool", () => {
    expect(TEST_ORDER_MESSAGES.busy).toBe("Please wait for current operation to complete");
    expect(TEST_ORDER_MESSAGES.timedOut).toBe("Order creation timed out. Please try again.");
    expect(TEST_ORDER_MESSAGES.noPending).toBe("No pending orders found. Create an order first.");
  });
});
