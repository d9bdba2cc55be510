import { describe, expect, it } from "vitest";
import { sharedPasswordLockedMail } from "~/modules/accounts/account-mails";
import { lockSeconds } from "~/modules/accounts/shared-password-cap.server";

describe("the shared password's shop-wide lock", () => {
  it("lasts 5 minutes, twice as long at each trip in a row, at most an hour", () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(lockSeconds)).toEqual([300, 600, 1200, 2400, 3600, 3600, 3600]);
    expect(lockSeconds(0)).toBe(300);
  });

  it("is told to the owner with what to do, never the password", () => {
    const mail = sharedPasswordLockedMail(
      "owner@example.com",
      { trip: 2, failures: 20, windowMinutes: 15, lockedMinutes: 10 },
      "Maple & Thread",
    );
    expect(mail.to).toBe("owner@example.com");
    expect(mail.subject).toBe("Maple & Thread: the shared admin password is locked after 20 wrong tries");
    expect(mail.text).toContain("20 wrong shared admin passwords (SECURE_ADMIN_PASSWORD)");
    expect(mail.text).toContain("for the next 10 minutes (lock 2 in a row: each lasts longer)");
    expect(mail.text).toContain("set a new SECURE_ADMIN_PASSWORD");
  });
});
