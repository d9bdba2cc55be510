import { describe, expect, it } from "vitest";
import { CLAIM_LINK_DAYS, createGuestLinks, ORDER_LINK_DAYS, orderLinkUrl } from "~/modules/orders/guest-links.server";
import { guestAccountSchema } from "~/modules/accounts/guest-account-forms";
import { orderLookupSchema } from "~/modules/orders/order-lookup-forms";

const DAY = 24 * 60 * 60 * 1000;
const now = new Date("2026-11-27T06:00:00Z");
const links = createGuestLinks("secret-one-0123456789abcdef-0123456789");
const others = createGuestLinks("secret-two-0123456789abcdef-0123456789");

describe("guest order links (issue 31)", () => {
  it("name the order and its e-mail (lower-cased) until ORDER_LINK_DAYS have passed", () => {
    const token = links.orderToken("ORD-12345678", "Gia@Example.com", now);
    expect(links.readOrderToken(token, now)).toMatchObject({ orderNumber: "ORD-12345678", email: "gia@example.com" });
    expect(links.readOrderToken(token, new Date(now.getTime() + (ORDER_LINK_DAYS - 1) * DAY))).not.toBeNull();
    expect(links.readOrderToken(token, new Date(now.getTime() + (ORDER_LINK_DAYS + 1) * DAY))).toBeNull();
  });

  it("refuse a token signed with another secret, changed anywhere, of another kind, or malformed", () => {
    const token = links.orderToken("ORD-12345678", "gia@example.com", now);
    expect(others.readOrderToken(token, now)).toBeNull();
    const [number, email, expires, signature] = token.split(".") as [string, string, string, string];
    expect(links.readOrderToken(`ORD-12345679.${email}.${expires}.${signature}`, now)).toBeNull();
    const otherEmail = Buffer.from("eve@example.com").toString("base64url");
    expect(links.readOrderToken(`${number}.${otherEmail}.${expires}.${signature}`, now)).toBeNull();
    expect(links.readOrderToken(`${number}.${email}.zzzzzz.${signature}`, now)).toBeNull();
    // A claim token is not an order token, and the other way round.
    const claim = links.claimToken("user1", "gia@example.com", now);
    expect(links.readOrderToken(claim, now)).toBeNull();
    expect(links.readClaimToken(token, now)).toBeNull();
    for (const bad of ["", "a.b", "a.b.c.d.e", "x".repeat(2000)]) expect(links.readOrderToken(bad, now)).toBeNull();
  });

  it("claim links name the account and e-mail for CLAIM_LINK_DAYS", () => {
    const token = links.claimToken("user_1-A", "Gia@example.com", now);
    expect(links.readClaimToken(token, now)).toMatchObject({ userId: "user_1-A", email: "gia@example.com" });
    expect(links.readClaimToken(token, new Date(now.getTime() + (CLAIM_LINK_DAYS + 1) * DAY))).toBeNull();
  });

  it("make the order page's address with the token", () => {
    expect(orderLinkUrl("https://shop.example/", "ORD-1", "a.b+c")).toBe(
      "https://shop.example/order-confirmation/ORD-1?t=a.b%2Bc",
    );
  });
});

describe("the guest's forms", () => {
  it("'Create an account' asks the registration's account step and the terms", () => {
    const ok = guestAccountSchema.safeParse({
      fullName: "Gia Guest",
      email: "gia@example.com",
      password: "Guest1234",
      confirmPassword: "Guest1234",
      agreeToTerms: "on",
    });
    expect(ok.success).toBe(true);
    const bad = guestAccountSchema.safeParse({
      fullName: "G",
      email: "nope",
      password: "short",
      confirmPassword: "other",
      agreeToTerms: "",
    });
    expect(bad.success).toBe(false);
    const fields = new Set(bad.error!.issues.map((i) => i.path[0]));
    expect([...fields].sort()).toEqual(["agreeToTerms", "confirmPassword", "email", "fullName", "password"]);
  });

  it("the lookup takes an e-mail and an optional order number", () => {
    expect(orderLookupSchema.safeParse({ email: "gia@example.com", orderNumber: "" }).success).toBe(true);
    expect(orderLookupSchema.safeParse({ email: "gia@example.com", orderNumber: "ORD-12345678" }).success).toBe(true);
    expect(orderLookupSchema.safeParse({ email: "gia@example.com", orderNumber: "ORD 1; drop" }).success).toBe(false);
    expect(orderLookupSchema.safeParse({ email: "nope" }).success).toBe(false);
  });
});
