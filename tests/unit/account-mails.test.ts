import { describe, expect, it } from "vitest";
import { passwordResetMail, verificationMail } from "~/modules/accounts/account-mails";

describe("account e-mails", () => {
  it("name the store as its owner set it", () => {
    const reset = passwordResetMail({ email: "ada@example.com", name: "Ada" }, "https://shop/x", "Maple & Thread");
    expect(reset.subject).toBe("Reset your Maple & Thread password");
    expect(reset.text).toContain("the password of your Maple & Thread account");
    expect(reset.text).toContain("https://shop/x");
    const verify = verificationMail({ email: "bo@example.com" }, "https://shop/v", "Maple & Thread");
    expect(verify.text).toContain("Hello bo,");
    expect(verify.text).toContain("Welcome to Maple & Thread! Please confirm your e-mail address:");
  });
});
