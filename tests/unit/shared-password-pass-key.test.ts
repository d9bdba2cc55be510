import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { sharedPasswordPassKey } from "~/modules/accounts/admin-access.server";

/** Passes given for the shared password are signed with a key bound to that password. */
const SECRET = "a-test-auth-secret-of-at-least-32-characters";

describe("sharedPasswordPassKey", () => {
  it("is one key per secret, purpose and password (trimmed), and holds no trace of the password", () => {
    const key = sharedPasswordPassKey(SECRET, "grant", "Password-A");
    expect(sharedPasswordPassKey(SECRET, "grant", "  Password-A ")).toBe(key);
    expect(sharedPasswordPassKey(SECRET, "grant", "Password-B")).not.toBe(key);
    expect(sharedPasswordPassKey(SECRET, "console", "Password-A")).not.toBe(key);
    expect(sharedPasswordPassKey(`${SECRET}!`, "grant", "Password-A")).not.toBe(key);
    expect(key).not.toContain("Password-A");
  });

  it("makes a pass signed under the old password unreadable under the new one", async () => {
    const cookie = (password: string) =>
      createCookie("pass", { secrets: [sharedPasswordPassKey(SECRET, "grant", password)] });
    const signed = await cookie("Password-A").serialize({ sessionId: "s" });
    expect(await cookie("Password-A").parse(signed.split(";")[0]!)).toEqual({ sessionId: "s" });
    expect(await cookie("Password-B").parse(signed.split(";")[0]!)).toBeNull();
  });
});
