import { expect, test } from "./support/test";
import { e2eAdmin } from "../../playwright.config";
import { openHydrated } from "./support/hydration";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.describe("registration (spec §2, §4, §5)", () => {
  test("two steps, each validated with the spec's messages, then signed in on the redirect target", async ({
    page,
  }) => {
    const email = `shopper-${unique()}@example.com`;
    await openHydrated(page, "/register?redirect=%2Fshop%2Fwomen");
    await expect(page.getByRole("heading", { name: "Create Account", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Account Info" })).toBeVisible();

    // Step 1 empty: every message, and nothing moves on.
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Full name must be at least 2 characters")).toBeVisible();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
    await expect(page.getByText("Please confirm your password")).toBeVisible();
    await expect(page.getByLabel("Full Name")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Full Name")).toBeFocused();
    await expect(page.getByRole("heading", { name: "Personal Details" })).toHaveCount(0);

    await page.getByLabel("Full Name").fill("Playwright Shopper");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password", { exact: true }).fill("weakpassword");
    await page.getByLabel("Confirm Password").fill("weakpassword");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Invalid email address")).toBeVisible();
    await expect(page.getByText("Password must contain uppercase, lowercase, and number")).toBeVisible();
    await expect(page.getByText("Full name must be at least 2 characters")).toHaveCount(0);

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Wardrobe2024");
    await page.getByLabel("Confirm Password").fill("Wardrobe2025");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();

    await page.getByLabel("Confirm Password").fill("Wardrobe2024");
    await expect(page.getByText("Passwords do not match")).toHaveCount(0);
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("heading", { name: "Personal Details" })).toBeVisible();

    // Back keeps what was typed.
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page.getByLabel("Full Name")).toHaveValue("Playwright Shopper");
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("Wardrobe2024");
    await page.getByRole("button", { name: "Next" }).click();

    await page.getByLabel("Phone").fill("+1 555 010 2030");
    await page.getByLabel("Date of Birth").fill("1992-04-18");
    await page.getByLabel("Address").fill("1 Market Street");
    await page.getByLabel("City").fill("Portland");
    await page.getByLabel("Postal Code").fill("97201");
    await page.getByLabel("Country").selectOption("US");
    await page.getByLabel(/Send me news/).check();
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("You must agree to the terms and conditions")).toBeVisible();
    await expect(page).toHaveURL(/\/register/);

    const terms = page.getByRole("checkbox", { name: /I agree to the Terms and Conditions/ });
    await expect(page.getByRole("link", { name: "Terms and Conditions" })).toHaveAttribute("href", "/terms");
    await expect(page.getByRole("link", { name: "Privacy Policy" }).first()).toHaveAttribute("href", "/privacy");
    await terms.check();
    await page.getByRole("button", { name: "Create Account" }).click();

    await expect(page).toHaveURL("/shop/women");
    await page.getByRole("button", { name: "Account menu" }).click();
    await expect(page.getByRole("menu")).toContainText(email);
  });

  test("an address that already has an account is told to sign in", async ({ page }) => {
    await openHydrated(page, "/register");
    await page.getByLabel("Full Name").fill("Admin Again");
    await page.getByLabel("Email").fill(e2eAdmin.email);
    await page.getByLabel("Password", { exact: true }).fill("Another2024x");
    await page.getByLabel("Confirm Password").fill("Another2024x");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("checkbox", { name: /I agree/ }).check();
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "An account with this email already exists. Please sign in instead." }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Account menu" })).toHaveCount(0);
  });
});

test.describe("sign-in (spec §2, §5)", () => {
  test("lands on the redirect target, signed in", async ({ page }) => {
    await openHydrated(page, "/login?redirect=%2Fshop%2Fmen");
    await expect(page.getByRole("heading", { name: "Sign In", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/forgot-password");
    await expect(page.getByRole("main").getByRole("link", { name: "Sign up" })).toHaveAttribute(
      "href",
      "/register?redirect=%2Fshop%2Fmen",
    );
    await page.getByLabel("Email").fill(e2eAdmin.email);
    await page.getByLabel("Password", { exact: true }).fill(e2eAdmin.password);
    await page.getByLabel("Remember me").check();
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL("/shop/men");
    await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();

    // Signed in, the sign-in page sends the visitor straight on.
    await page.goto("/login?redirect=%2Fshop%2Fsale");
    await expect(page).toHaveURL("/shop/sale");
  });

  test("checks the form in the browser before sending it", async ({ page }) => {
    await openHydrated(page, "/login");
    let posted = false;
    page.on("request", (r) => {
      if (r.method() === "POST") posted = true;
    });
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
    const email = page.getByLabel("Email");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAttribute("aria-describedby", "login-email-error");
    await expect(email).toBeFocused();

    await email.fill("someone@nowhere");
    await page.getByLabel("Password", { exact: true }).fill("12345");
    await expect(page.getByText("Invalid email address")).toBeVisible();
    await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
    expect(posted).toBe(false);
  });

  test("a wrong password shows the server's message and no session", async ({ page }) => {
    await openHydrated(page, "/login");
    await page.getByLabel("Email").fill(e2eAdmin.email);
    await page.getByLabel("Password", { exact: true }).fill("NotTheRightOne1");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
    await expect(page).toHaveURL("/login");
    await expect(page.getByRole("button", { name: "Account menu" })).toHaveCount(0);
  });

  test("the password can be shown and hidden, by mouse and keyboard", async ({ page }) => {
    await openHydrated(page, "/login");
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("Secret123");
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await expect(password).toHaveValue("Secret123");
    const hide = page.getByRole("button", { name: "Hide password" });
    await hide.focus();
    await page.keyboard.press("Enter");
    await expect(password).toHaveAttribute("type", "password");
  });
});

test.describe("sign-in without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts to the page, which shows the field's message at the focused field, then signs in", async ({
    page,
  }) => {
    await page.goto("/login?redirect=%2Fshop%2Fmen");
    await page.getByLabel("Email").fill("someone@nowhere");
    await page.getByLabel("Password", { exact: true }).fill("Secret123");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByText("Invalid email address")).toBeVisible();
    const email = page.getByLabel("Email");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAttribute("aria-describedby", "login-email-error");
    await expect(email).toHaveValue("someone@nowhere");
    await expect(email).toBeFocused();
    await expect(page).toHaveURL("/login?redirect=%2Fshop%2Fmen");

    await email.fill(e2eAdmin.email);
    await page.getByLabel("Password", { exact: true }).fill(e2eAdmin.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL("/shop/men");
    await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
  });
});

test.describe("social sign-in (decisions.md §4)", () => {
  test("an unconfigured provider says so", async ({ page }) => {
    await openHydrated(page, "/login");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page.getByText("Google sign-in is not configured")).toBeVisible();
    await openHydrated(page, "/register");
    await page.getByRole("button", { name: "Continue with Facebook" }).click();
    await expect(page.getByText("Facebook sign-in is not configured")).toBeVisible();
    await expect(page).toHaveURL("/register");
  });

  test("coming back from a failed provider sign-in shows the failure", async ({ page }) => {
    await openHydrated(page, "/register?error=oauth&provider=google&error=access_denied");
    await expect(page.getByText("Failed to sign up with Google")).toBeVisible();
  });
});

test("the registration notice shows on the sign-in page", async ({ page }) => {
  await openHydrated(page, "/login?registered=1");
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: "Registration successful! Please check your email to verify your account." }),
  ).toBeVisible();
});
