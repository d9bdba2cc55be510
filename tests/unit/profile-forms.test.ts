import { describe, expect, it } from "vitest";
import { countryCode, countryName } from "~/lib/countries";
import { fieldErrors, parseForm, readFields } from "~/lib/forms";
import {
  accountNameFrom,
  CHANGE_PASSWORD_FIELDS,
  changePasswordSchema,
  forgotPasswordSchema,
  FULL_NAME_MAX,
  fullName,
  isRealDate,
  latestToday,
  PROFILE_FIELDS,
  profileSchema,
  resetPasswordSchema,
} from "~/modules/accounts/profile-forms";

const blankProfile = {
  fullName: "Ada Lovelace",
  phone: "",
  address: "",
  city: "",
  postalCode: "",
  country: "",
  dateOfBirth: "",
};

function errorsOf(result: { success: boolean; error?: unknown }) {
  if (result.success) return {};
  return fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);
}

describe("profile schema", () => {
  it("requires a full name", () => {
    expect(errorsOf(profileSchema.safeParse({ ...blankProfile, fullName: "" }))).toEqual({
      fullName: "Full name is required",
    });
    expect(errorsOf(profileSchema.safeParse({ ...blankProfile, fullName: "   " }))).toEqual({
      fullName: "Full name is required",
    });
  });

  it("keeps optional fields as null when blank and trims text", () => {
    const result = profileSchema.parse({ ...blankProfile, fullName: "  Ada Lovelace ", city: "  London " });
    expect(result).toEqual({
      fullName: "Ada Lovelace",
      phone: null,
      address: null,
      city: "London",
      postalCode: null,
      country: null,
      dateOfBirth: null,
    });
  });

  it("accepts every listed country and refuses others", () => {
    for (const code of ["US", "CA", "UK", "AU", "DE", "FR", "IT", "ES", "NL", "SE", "NO", "DK", "other"]) {
      expect(profileSchema.safeParse({ ...blankProfile, country: code }).success, code).toBe(true);
    }
    expect(errorsOf(profileSchema.safeParse({ ...blankProfile, country: "XX" }))).toEqual({
      country: "Please choose a country from the list",
    });
  });

  it("accepts a real past date of birth only", () => {
    expect(profileSchema.parse({ ...blankProfile, dateOfBirth: "1990-02-28" }).dateOfBirth).toBe("1990-02-28");
    expect(errorsOf(profileSchema.safeParse({ ...blankProfile, dateOfBirth: "1990-02-30" }))).toEqual({
      dateOfBirth: "Please enter a valid date",
    });
    expect(errorsOf(profileSchema.safeParse({ ...blankProfile, dateOfBirth: "12/05/1990" }))).toEqual({
      dateOfBirth: "Please enter a valid date",
    });
    const nextYear = `${new Date().getUTCFullYear() + 1}-01-01`;
    expect(errorsOf(profileSchema.safeParse({ ...blankProfile, dateOfBirth: nextYear }))).toEqual({
      dateOfBirth: "Date of birth cannot be in the future",
    });
  });

  it("checks the phone number loosely", () => {
    expect(profileSchema.parse({ ...blankProfile, phone: "+1 (555) 123-4567" }).phone).toBe("+1 (555) 123-4567");
    expect(errorsOf(profileSchema.safeParse({ ...blankProfile, phone: "call me" }))).toEqual({
      phone: "Invalid phone number",
    });
  });
});

describe("password schemas", () => {
  const reset = (newPassword: string, confirmPassword = newPassword) =>
    errorsOf(resetPasswordSchema.safeParse({ token: "t", newPassword, confirmPassword }));

  it("asks for at least 8 characters with upper, lower and a digit", () => {
    expect(reset("")).toEqual({ newPassword: "Password is required" });
    expect(reset("Ab1")).toEqual({ newPassword: "Password must be at least 8 characters" });
    expect(reset("alllowercase1")).toEqual({ newPassword: "Password must contain uppercase, lowercase, and number" });
    expect(reset("ALLUPPERCASE1")).toEqual({ newPassword: "Password must contain uppercase, lowercase, and number" });
    expect(reset("NoDigitsHere")).toEqual({ newPassword: "Password must contain uppercase, lowercase, and number" });
    expect(reset("GoodPass123")).toEqual({});
  });

  it("needs the confirmation to match", () => {
    expect(reset("GoodPass123", "GoodPass124")).toEqual({ confirmPassword: "Passwords do not match" });
    expect(reset("GoodPass123", "")).toEqual({ confirmPassword: "Passwords do not match" });
  });

  it("needs the current password to change it", () => {
    const result = changePasswordSchema.safeParse({
      currentPassword: "",
      newPassword: "GoodPass123",
      confirmPassword: "GoodPass123",
    });
    expect(errorsOf(result)).toEqual({ currentPassword: "Current password is required" });
  });
});

describe("forgot-password e-mail", () => {
  const check = (email: string) => errorsOf(forgotPasswordSchema.safeParse({ email }));
  it("is required and must look like an address", () => {
    expect(check("")).toEqual({ email: "Email is required" });
    expect(check("   ")).toEqual({ email: "Email is required" });
    expect(check("not-an-email")).toEqual({ email: "Invalid email address" });
    expect(check("a@b")).toEqual({ email: "Invalid email address" });
    expect(check(" shopper@example.com ")).toEqual({});
    expect(forgotPasswordSchema.parse({ email: " shopper@example.com " }).email).toBe("shopper@example.com");
  });
});

describe("form reading", () => {
  it("reads only the listed fields (no mass assignment)", () => {
    const form = new FormData();
    form.set("fullName", "Ada");
    form.set("email", "evil@example.com");
    form.set("role", "admin");
    form.set("userId", "someone-else");
    const fields = readFields(form, PROFILE_FIELDS);
    expect(Object.keys(fields).sort()).toEqual([...PROFILE_FIELDS].sort());
    expect(fields).not.toHaveProperty("email");
    expect(fields).not.toHaveProperty("role");
    const parsed = parseForm(profileSchema, form, PROFILE_FIELDS);
    expect(parsed.ok && parsed.data).toEqual({
      fullName: "Ada",
      phone: null,
      address: null,
      city: null,
      postalCode: null,
      country: null,
      dateOfBirth: null,
    });
  });

  it("gives the first message per field", () => {
    const form = new FormData();
    form.set("newPassword", "short");
    form.set("confirmPassword", "other");
    const parsed = parseForm(changePasswordSchema, form, CHANGE_PASSWORD_FIELDS);
    expect(parsed).toEqual({
      ok: false,
      errors: {
        currentPassword: "Current password is required",
        newPassword: "Password must be at least 8 characters",
        confirmPassword: "Passwords do not match",
      },
    });
  });
});

describe("helpers", () => {
  it("recognises real dates", () => {
    expect(isRealDate("2000-02-29")).toBe(true);
    expect(isRealDate("1900-02-29")).toBe(false);
    expect(isRealDate("1899-12-31")).toBe(false);
    expect(isRealDate("2024-13-01")).toBe(false);
  });

  it("knows the latest date on Earth", () => {
    expect(latestToday(Date.parse("2025-06-01T12:00:00Z"))).toBe("2025-06-02");
    expect(latestToday(Date.parse("2025-06-01T09:00:00Z"))).toBe("2025-06-01");
  });

  it("maps stored countries to codes and names", () => {
    expect(countryCode("US")).toBe("US");
    expect(countryCode("united kingdom")).toBe("UK");
    expect(countryCode("GB")).toBe("UK");
    expect(countryCode("Atlantis")).toBeNull();
    expect(countryName("DE")).toBe("Germany");
    expect(countryName("Atlantis")).toBe("Atlantis");
    expect(countryName(null)).toBeNull();
  });

  it("keeps one rule for an account's name: 1 to 100 characters, trimmed", () => {
    expect(fullName.safeParse("  Ada  ").data).toBe("Ada");
    expect(fullName.safeParse("A".repeat(FULL_NAME_MAX)).success).toBe(true);
    expect(fullName.safeParse("A".repeat(FULL_NAME_MAX + 1)).error?.issues[0]?.message).toBe(
      "Full name must be at most 100 characters",
    );
    expect(fullName.safeParse("   ").error?.issues[0]?.message).toBe("Full name is required");
  });

  it("fits a name from outside our forms (a social provider's) to the rule", () => {
    expect(accountNameFrom("  Grace Hopper ", "grace@example.com")).toBe("Grace Hopper");
    expect(accountNameFrom("G".repeat(200_000), "g@example.com")).toBe("G".repeat(100));
    // Never half of a character: an emoji across the cut is left out whole.
    const cut = accountNameFrom(`${"a".repeat(99)}😀tail`, "a@example.com");
    expect(cut).toBe("a".repeat(99));
    expect(accountNameFrom(`${"a".repeat(98)} 😀`, "a@example.com")).toBe("a".repeat(98));
    expect(accountNameFrom("   ", "blank.name@example.com")).toBe("blank.name");
    expect(accountNameFrom(undefined, "x@example.com")).toBe("x");
    expect(accountNameFrom("", "@example.com")).toBe("Shopper");
    for (const name of ["G".repeat(5_000), "   ", `${"a".repeat(99)}😀`]) {
      expect(fullName.safeParse(accountNameFrom(name, "someone@example.com")).success).toBe(true);
    }
  });
});
