import { describe, expect, it } from "vitest";
import { parseValues } from "~/lib/forms";
import {
  accountInfoSchema,
  authPageHref,
  authRedirectTarget,
  COUNTRIES,
  loginSchema,
  parseLogin,
  parseRegistration,
  personalDetailsSchema,
  registerSchema,
  registrationFailureMessage,
  registrationStepOf,
  socialFailureMessage,
  socialNotConfiguredMessage,
  socialProviderName,
} from "~/modules/accounts/auth-forms";

const login = (values: Partial<Record<"email" | "password" | "rememberMe", string>>) =>
  parseValues(loginSchema, { email: "", password: "", rememberMe: "", ...values });

const accountInfo = {
  fullName: "Ada Lovelace",
  email: "ada@example.com",
  password: "Analytical1",
  confirmPassword: "Analytical1",
};
const personal = {
  phone: "",
  dateOfBirth: "",
  address: "",
  city: "",
  postalCode: "",
  country: "",
  subscribeNewsletter: "",
  agreeToTerms: "on",
};
const registration = (changes: Record<string, string> = {}) =>
  parseValues(registerSchema, { ...accountInfo, ...personal, ...changes });
const errorsOf = (result: { ok: boolean; errors?: unknown }) =>
  result.ok ? {} : (result as { errors: Record<string, string> }).errors;

describe("login form (spec §5)", () => {
  it.each([
    [{}, "email", "Email is required"],
    [{ email: "   " }, "email", "Email is required"],
    [{ email: "ada" }, "email", "Invalid email address"],
    [{ email: "ada@example" }, "email", "Invalid email address"],
    [{ email: "ada @example.com" }, "email", "Invalid email address"],
    [{}, "password", "Password is required"],
    [{ password: "12345" }, "password", "Password must be at least 6 characters"],
  ])("%j → %s: %s", (values, field, message) => {
    expect(errorsOf(login(values))[field]).toBe(message);
  });

  it("accepts a valid form, trims the e-mail and reads the Remember me checkbox", () => {
    expect(login({ email: " ada@example.com ", password: "123456" })).toEqual({
      ok: true,
      data: { email: "ada@example.com", password: "123456", rememberMe: false },
    });
    expect(login({ email: "ada@example.com", password: "123456", rememberMe: "on" })).toMatchObject({
      data: { rememberMe: true },
    });
  });

  it("reads only its own fields from a submitted form", () => {
    const form = new FormData();
    form.set("email", "ada@example.com");
    form.set("password", "secret1");
    form.set("role", "admin");
    const result = parseLogin(form);
    expect(result.ok && result.data).toEqual({ email: "ada@example.com", password: "secret1", rememberMe: false });
  });
});

describe("registration form (spec §5)", () => {
  it.each([
    [{ fullName: "" }, "fullName", "Full name must be at least 2 characters"],
    [{ fullName: " A " }, "fullName", "Full name must be at least 2 characters"],
    [{ email: "" }, "email", "Email is required"],
    [{ email: "nope" }, "email", "Invalid email address"],
    [{ password: "", confirmPassword: "" }, "password", "Password is required"],
    [{ password: "Ab1", confirmPassword: "Ab1" }, "password", "Password must be at least 8 characters"],
    [
      { password: "alllowercase1", confirmPassword: "alllowercase1" },
      "password",
      "Password must contain uppercase, lowercase, and number",
    ],
    [
      { password: "ALLUPPERCASE1", confirmPassword: "ALLUPPERCASE1" },
      "password",
      "Password must contain uppercase, lowercase, and number",
    ],
    [
      { password: "NoDigitsHere", confirmPassword: "NoDigitsHere" },
      "password",
      "Password must contain uppercase, lowercase, and number",
    ],
    [{ confirmPassword: "" }, "confirmPassword", "Please confirm your password"],
    [{ confirmPassword: "Analytical2" }, "confirmPassword", "Passwords do not match"],
    [{ agreeToTerms: "" }, "agreeToTerms", "You must agree to the terms and conditions"],
    [{ country: "XX" }, "country", "Please choose a country from the list"],
    [{ dateOfBirth: "1990-02-31" }, "dateOfBirth", "Please enter a valid date"],
    [{ dateOfBirth: "2999-01-01" }, "dateOfBirth", "Date of birth cannot be in the future"],
    [{ phone: "call me" }, "phone", "Invalid phone number"],
  ])("%j → %s: %s", (changes, field, message) => {
    expect(errorsOf(registration(changes))[field]).toBe(message);
  });

  it("accepts every country of the spec's list, and none", () => {
    expect(COUNTRIES.map((c) => c.code)).toEqual([
      "US",
      "CA",
      "UK",
      "AU",
      "DE",
      "FR",
      "IT",
      "ES",
      "NL",
      "SE",
      "NO",
      "DK",
      "other",
    ]);
    for (const { code } of COUNTRIES) expect(registration({ country: code }).ok).toBe(true);
    expect(registration({ country: "" })).toMatchObject({ ok: true, data: { country: null } });
  });

  it("turns blank optional details into null and the checkboxes into booleans", () => {
    expect(registration()).toEqual({
      ok: true,
      data: {
        fullName: "Ada Lovelace",
        email: "ada@example.com",
        password: "Analytical1",
        confirmPassword: "Analytical1",
        phone: null,
        dateOfBirth: null,
        address: null,
        city: null,
        postalCode: null,
        country: null,
        subscribeNewsletter: false,
        agreeToTerms: "on",
      },
    });
    const full = registration({
      phone: "+1 (555) 123-4567",
      dateOfBirth: "1990-12-10",
      address: " 1 Main St ",
      city: "Springfield",
      postalCode: "12345",
      country: "US",
      subscribeNewsletter: "on",
    });
    expect(full).toMatchObject({
      ok: true,
      data: { address: "1 Main St", dateOfBirth: "1990-12-10", subscribeNewsletter: true },
    });
  });

  it("checks step 1 on its own (Next) and step 2 on its own", () => {
    expect(parseValues(accountInfoSchema, accountInfo).ok).toBe(true);
    expect(
      errorsOf(parseValues(accountInfoSchema, { fullName: "", email: "", password: "", confirmPassword: "" })),
    ).toEqual({
      fullName: "Full name must be at least 2 characters",
      email: "Email is required",
      password: "Password is required",
      confirmPassword: "Please confirm your password",
    });
    expect(errorsOf(parseValues(personalDetailsSchema, { ...personal, agreeToTerms: "" }))).toEqual({
      agreeToTerms: "You must agree to the terms and conditions",
    });
  });

  it("never reads a role (or anything else unlisted) from the form", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...accountInfo, ...personal, role: "admin", emailVerified: "true" }))
      form.set(k, v);
    const result = parseRegistration(form);
    expect(result.ok).toBe(true);
    expect(result.ok && Object.keys(result.data)).not.toContain("role");
    expect(result.ok && Object.keys(result.data)).not.toContain("emailVerified");
  });

  it("knows which step holds a field", () => {
    expect(registrationStepOf("confirmPassword")).toBe(1);
    expect(registrationStepOf("agreeToTerms")).toBe(2);
  });
});

describe("messages (spec §8)", () => {
  it("explains failed registrations", () => {
    expect(
      registrationFailureMessage({ reason: "USER_ALREADY_EXISTS", message: "User already exists", status: 422 }),
    ).toBe("An account with this email already exists. Please sign in instead.");
    expect(registrationFailureMessage({ message: "Password is too long", status: 400 })).toBe(
      "Registration failed: Password is too long",
    );
  });

  it("names the social provider", () => {
    expect(socialProviderName("google")).toBe("Google");
    expect(socialProviderName("facebook")).toBe("Facebook");
    expect(socialProviderName("evil")).toBeNull();
    expect(socialFailureMessage("Google")).toBe("Failed to sign up with Google");
    expect(socialNotConfiguredMessage("Facebook")).toBe("Facebook sign-in is not configured");
  });
});

describe("where to go after signing in", () => {
  it("keeps same-site paths and refuses everything else", () => {
    expect(authRedirectTarget("/shop/men?page=2")).toBe("/shop/men?page=2");
    expect(authRedirectTarget("//evil.example")).toBe("/");
    expect(authRedirectTarget("https://evil.example")).toBe("/");
    expect(authRedirectTarget(null)).toBe("/");
  });

  it("never goes back to the sign-in or sign-up page", () => {
    expect(authRedirectTarget("/login")).toBe("/");
    expect(authRedirectTarget("/login?redirect=%2Flogin")).toBe("/");
    expect(authRedirectTarget("/register/")).toBe("/");
  });

  it("follows the target of a sign-in page it was sent to (the header's links on /login)", () => {
    expect(authRedirectTarget("/login?redirect=%2Fshop%2Fmen")).toBe("/shop/men");
    expect(authRedirectTarget("/register?redirect=%2F%2Fevil.example")).toBe("/");
    expect(authRedirectTarget("/login?redirect=%2Flogin%3Fredirect%3D%252Flogin")).toBe("/");
  });

  it("carries the target to the other auth page", () => {
    expect(authPageHref("/register", "/")).toBe("/register");
    expect(authPageHref("/register", "/shop/men?page=2")).toBe("/register?redirect=%2Fshop%2Fmen%3Fpage%3D2");
    expect(authPageHref("/login", "/checkout", { registered: "1" })).toBe("/login?registered=1&redirect=%2Fcheckout");
  });
});
