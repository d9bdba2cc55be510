import { expect, test } from "./support/test";
import { registerAccount } from "./support/accounts";
import { openHydrated } from "./support/hydration";
import { mailsTo } from "./support/mail";

/** A raw message's text body: quoted-printable undone (soft line breaks, =3D and the other =XX escapes). */
function bodyText(raw: string): string {
  const split = /\r?\n\r?\n/.exec(raw);
  const head = split ? raw.slice(0, split.index) : "";
  const body = split ? raw.slice(split.index + split[0].length) : raw;
  if (!/^content-transfer-encoding:\s*quoted-printable/im.test(head)) return body;
  return body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

test.describe("forgot and reset password", () => {
  test("a mailed link sets a new password that signs in", async ({ page, request, baseURL }) => {
    const email = uniqueEmail("forgot");
    // Registered from a separate request context: the browser stays signed out.
    await registerAccount(request, baseURL!, { email, password: "OldPassword1", name: "Fay Forgot" });

    await openHydrated(page, "/forgot-password");
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to sign in" })).toHaveAttribute("href", "/login");

    // The form's own check first, then the real request.
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(
      page.getByText("If an account exists for that e-mail, we have sent a link to reset your password."),
    ).toBeVisible();

    await expect.poll(async () => (await mailsTo(email)).length, { timeout: 15_000 }).toBeGreaterThan(0);
    const mail = (await mailsTo(email)).at(-1)!;
    expect(mail.subject).toBe("Reset your Abundance Collection password");
    const link = /https?:\/\/\S+/.exec(bodyText(mail.raw))?.[0];
    expect(link).toBeTruthy();

    await page.goto(link!);
    await page.waitForSelector("html[data-hydrated='true']", { state: "attached" });
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();

    const newPassword = page.getByLabel("New password", { exact: true });
    await newPassword.fill("NewPassword2");
    await page.getByRole("button", { name: "Show new password" }).click();
    await expect(newPassword).toHaveAttribute("type", "text");
    await page.getByLabel("Confirm new password", { exact: true }).fill("NewPassword3");
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await page.getByLabel("Confirm new password", { exact: true }).fill("NewPassword2");
    await page.getByRole("button", { name: "Reset password" }).click();

    await expect(page).toHaveURL("/login?reset=1");
    await page.waitForSelector("html[data-hydrated='true']", { state: "attached" });
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("NewPassword2");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();

    // The link worked once.
    await page.goto(link!);
    await expect(page).toHaveURL(/\/reset-password\?error=INVALID_TOKEN/);
    await expect(page.getByText("This reset link is invalid or has expired.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Request a new reset link" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
  });
});

test.describe("profile", () => {
  // A profile missing from an account (one made by a social sign-in) is created on the first visit and
  // said so: tests/integration/profile.test.ts. Accounts made here through /register have theirs already.
  test("shows the account's details, and edits save or cancel", async ({ page, baseURL }) => {
    const email = uniqueEmail("profile");
    // page.request shares the browser's cookies: the browser is signed in afterwards.
    await registerAccount(page.request, baseURL!, { email, password: "ProfilePass1", name: "Paula Profile" });

    await openHydrated(page, "/profile");
    const details = page.getByRole("region", { name: "Paula Profile" });
    await expect(details).toContainText(email);
    await expect(details).toContainText("Member since");

    await page.getByRole("button", { name: "Edit" }).click();
    const fullName = page.getByLabel("Full Name");
    await expect(fullName).toBeFocused();
    await expect(fullName).toHaveValue("Paula Profile");
    await expect(page.getByLabel("E-mail", { exact: true })).toBeDisabled();
    await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue(email);
    await expect(page.getByText("E-mail cannot be changed here")).toBeVisible();

    // Full name is required.
    await fullName.fill("");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Full name is required")).toBeVisible();

    await fullName.fill("Paula Updated");
    await page.getByLabel("Phone", { exact: true }).fill("+1 555 010 2030");
    await page.getByLabel("City", { exact: true }).fill("Toronto");
    await page.getByLabel("Country", { exact: true }).selectOption("CA");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Profile updated successfully")).toBeVisible();
    const updated = page.getByRole("region", { name: "Paula Updated" });
    await expect(updated).toContainText("+1 555 010 2030");
    await expect(updated).toContainText("Toronto");
    await expect(updated).toContainText("Canada");
    await expect(page.getByRole("button", { name: "Edit" })).toBeFocused();

    // Cancel leaves edit mode and restores the saved values.
    await page.getByRole("button", { name: "Edit" }).click();
    await page.getByLabel("Full Name").fill("Not Saved");
    await page.getByLabel("City", { exact: true }).fill("Nowhere");
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("button", { name: "Save Changes" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Paula Updated" })).toContainText("Toronto");
    await page.getByRole("button", { name: "Edit" }).click();
    await expect(page.getByLabel("Full Name")).toHaveValue("Paula Updated");
    await expect(page.getByLabel("City", { exact: true })).toHaveValue("Toronto");

    // Saved for real: a reload shows the same.
    await openHydrated(page, "/profile");
    await expect(page.getByRole("region", { name: "Paula Updated" })).toContainText("Toronto");
  });

  test("sign-out clears the browser's storage and lands on / with a toast", async ({ page, baseURL }) => {
    await registerAccount(page.request, baseURL!, {
      email: uniqueEmail("leaver"),
      password: "LeaverPass1",
      name: "Leo Leaver",
    });
    await openHydrated(page, "/profile");
    await page.evaluate(() => {
      localStorage.setItem("e2e-marker", "1");
      localStorage.setItem("sb-test-auth-token", "x");
      sessionStorage.setItem("e2e-marker", "1");
    });

    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByText("Signed out successfully")).toBeVisible();
    const left = await page.evaluate(() => ({
      local: localStorage.getItem("e2e-marker"),
      sb: localStorage.getItem("sb-test-auth-token"),
      session: sessionStorage.getItem("e2e-marker"),
    }));
    expect(left).toEqual({ local: null, sb: null, session: null });
    await expect(page.getByRole("button", { name: "Account menu" })).toHaveCount(0);

    await page.goto("/profile");
    await expect(page).toHaveURL("/login?redirect=%2Fprofile");
  });
});

test.describe("profile and password without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the forms post to the page, which answers at their fields", async ({ page, baseURL }) => {
    const email = uniqueEmail("noscript");
    await registerAccount(page.request, baseURL!, { email, password: "NoScript12", name: "Nina Noscript" });

    await page.goto("/profile");
    await page.getByRole("button", { name: "Edit" }).click();
    await expect(page).toHaveURL("/profile?edit=1");
    const fullName = page.getByLabel("Full Name");
    await fullName.fill("");
    await page.getByLabel("City", { exact: true }).fill("Porto");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Full name is required")).toBeVisible();
    await expect(fullName).toBeFocused();
    await expect(page.getByLabel("City", { exact: true })).toHaveValue("Porto");

    await fullName.fill("Nina Saved");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Profile updated successfully")).toBeVisible();
    await expect(page.getByRole("region", { name: "Nina Saved" })).toContainText("Porto");

    await page.getByLabel("New password", { exact: true }).fill("Changed123");
    await page.getByLabel("Confirm new password", { exact: true }).fill("Changed124");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Current password is required")).toBeVisible();
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await expect(page.getByLabel("Current password", { exact: true })).toBeFocused();

    await page.getByLabel("Current password", { exact: true }).fill("NoScript12");
    await page.getByLabel("New password", { exact: true }).fill("Changed123");
    await page.getByLabel("Confirm new password", { exact: true }).fill("Changed123");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page).toHaveURL("/profile?password=changed");
    await expect(page.getByRole("status").filter({ hasText: "Other devices have been signed out." })).toBeVisible();
  });
});
