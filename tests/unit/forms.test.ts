import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkbox, emailField } from "~/lib/form-fields";
import {
  fieldErrors,
  firstInvalid,
  hasErrors,
  invalidInOrder,
  isDocumentRequest,
  mergeErrors,
  parseForm,
  parseValues,
  withoutError,
} from "~/lib/forms";

const schema = z
  .object({
    name: z.string().trim().min(1, "Name is required").max(5, "Name is too long"),
    email: emailField,
    password: z.string().min(8, "Too short").regex(/\d/, "Needs a digit"),
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { message: "Passwords do not match", path: ["confirm"] });

describe("error mapping", () => {
  it("keeps the first message of each field, in the schema's order of checks", () => {
    const result = schema.safeParse({ name: "", email: "nope", password: "short", confirm: "" });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({
      name: "Name is required",
      email: "Invalid email address",
      // "Too short" and "Needs a digit" both fail: the first one is shown.
      password: "Too short",
      confirm: "Passwords do not match",
    });
  });

  it("files an issue without a path under 'form', and a nested one under its top-level field", () => {
    const whole = z.object({ a: z.string() }).refine(() => false, "Something is wrong");
    expect(fieldErrors(whole.safeParse({ a: "x" }).error!)).toEqual({ form: "Something is wrong" });
    const nested = z.object({ address: z.object({ city: z.string().min(1, "City is required") }) });
    expect(fieldErrors(nested.safeParse({ address: { city: "" } }).error!)).toEqual({ address: "City is required" });
  });

  it("parses a form's listed fields only, missing ones as empty text", () => {
    const form = new FormData();
    form.set("name", " Ada ");
    form.set("email", "ada@example.com");
    form.set("password", "Engine123");
    form.set("confirm", "Engine123");
    form.set("role", "admin");
    expect(parseForm(schema, form, ["name", "email", "password", "confirm"])).toEqual({
      ok: true,
      data: { name: "Ada", email: "ada@example.com", password: "Engine123", confirm: "Engine123" },
    });
    // An unlisted field never reaches the schema; a listed but missing one is "".
    expect(parseForm(z.object({ role: z.string().optional(), name: z.string() }), form, ["name"])).toEqual({
      ok: true,
      data: { name: " Ada " },
    });
    expect(parseForm(schema, new FormData(), ["name", "email", "password", "confirm"])).toMatchObject({
      ok: false,
      errors: { name: "Name is required", email: "Email is required", password: "Too short" },
    });
  });

  it("reads plain values (component state) the same way", () => {
    expect(parseValues(schema, { name: "Ada", email: "a@b.co", password: "Engine123", confirm: "Engine124" })).toEqual({
      ok: false,
      errors: { confirm: "Passwords do not match" },
    });
  });

  it("takes exactly the addresses the auth library takes (its rule is Zod's z.email())", () => {
    const odd = [
      "a@b.co;x",
      "a(b)@c.co",
      "a@b.co,x",
      "a..b@c.co",
      ".a@b.co",
      "a@b.c",
      '"a"@b.co',
      "ü@b.co",
      "a@[1.2.3.4]",
    ];
    for (const email of odd) {
      expect(z.email().safeParse(email).success, email).toBe(false);
      expect(fieldErrors(emailField.safeParse(email).error!), email).toEqual({ form: "Invalid email address" });
    }
    for (const email of ["Ordinary.Name+tag@Example.co.uk", "o'brien_x-y@mail.example.com"]) {
      expect(emailField.parse(email)).toBe(email);
    }
  });

  it("has the shared e-mail rules and checkbox reading", () => {
    expect(fieldErrors(emailField.safeParse("   ").error!)).toEqual({ form: "Email is required" });
    expect(fieldErrors(emailField.safeParse("a@b").error!)).toEqual({ form: "Invalid email address" });
    expect(fieldErrors(emailField.safeParse(`${"a".repeat(250)}@b.co`).error!)).toEqual({
      form: "Invalid email address",
    });
    expect(emailField.parse("  Ada@Example.com ")).toBe("Ada@Example.com");
    expect(checkbox.parse("on")).toBe(true);
    expect(checkbox.parse("true")).toBe(true);
    expect(checkbox.parse("")).toBe(false);
  });
});

describe("the first invalid field", () => {
  it("is the first in page order that has a message", () => {
    const errors = { password: "Too short", email: "Invalid email address" };
    expect(firstInvalid(["name", "email", "password"], errors)).toBe("email");
    expect(firstInvalid(["password", "email"], errors)).toBe("password");
  });

  it("is none when no field has a message (an empty message is none)", () => {
    expect(firstInvalid(["name", "email"], {})).toBeNull();
    expect(firstInvalid(["name", "email"], { name: undefined, email: "" })).toBeNull();
    expect(firstInvalid(["name"], { form: "Something is wrong" })).toBeNull();
  });

  it("picks controls in page order and skips unnamed ones (fieldsets, buttons)", () => {
    const controls = [
      { name: "", tag: "fieldset" },
      { name: "fullName", tag: "input" },
      { name: "shippingMethod", tag: "radio 1" },
      { name: "shippingMethod", tag: "radio 2" },
      { name: "", tag: "button" },
    ];
    const errors = { shippingMethod: "Pick one", "": "never a control" };
    expect(invalidInOrder(controls, errors).map((c) => c.tag)).toEqual(["radio 1", "radio 2"]);
    expect(invalidInOrder(controls, { fullName: "Full name is required", shippingMethod: "Pick one" })[0]?.tag).toBe(
      "input",
    );
  });
});

describe("messages as the shopper goes", () => {
  it("replaces the checked fields' messages and keeps the others (another step's)", () => {
    const current = { fullName: "Full name must be at least 2 characters", agreeToTerms: "You must agree" };
    expect(mergeErrors(current, ["fullName", "email"], { email: "Email is required" })).toEqual({
      agreeToTerms: "You must agree",
      email: "Email is required",
    });
    expect(mergeErrors(current, ["fullName", "agreeToTerms"], {})).toEqual({});
  });

  it("drops the message of a changed field only", () => {
    const errors = { email: "Email is required", password: "Too short" };
    expect(withoutError(errors, "email")).toEqual({ password: "Too short" });
    expect(errors).toEqual({ email: "Email is required", password: "Too short" });
    // Nothing to drop: the same object (no re-render for every keystroke).
    expect(withoutError(errors, "name")).toBe(errors);
  });

  it("knows whether any message is left", () => {
    expect(hasErrors({})).toBe(false);
    expect(hasErrors({ email: undefined })).toBe(false);
    expect(hasErrors({ email: "Email is required" })).toBe(true);
  });
});

describe("a form posted without JavaScript", () => {
  it("is told apart from the page's own fetches by the browser's Sec-Fetch-Dest", () => {
    const post = (headers: Record<string, string>) =>
      new Request("http://shop.test/profile", { method: "POST", headers });
    expect(isDocumentRequest(post({ "sec-fetch-dest": "document", "sec-fetch-mode": "navigate" }))).toBe(true);
    expect(isDocumentRequest(post({ "sec-fetch-dest": "empty", "sec-fetch-mode": "cors" }))).toBe(false);
    expect(isDocumentRequest(post({}))).toBe(false);
  });
});
