import { describe, expect, it } from "vitest";
import {
  MAX_PLACED_ORDERS,
  PLACED_ORDERS_COOKIE,
  placedOrderNumbers,
  rememberPlacedOrder,
} from "~/modules/orders/placed-orders.server";

const SECRET = "unit-test-secret-unit-test-secret-0123";

const request = (cookie?: string, url = "http://shop.test/checkout") =>
  new Request(url, { headers: cookie ? { cookie } : {} });

/** The cookie a browser sends back after receiving this Set-Cookie value. */
const sentBack = (setCookie: string) => setCookie.split(";")[0]!;

/** A browser that places the given orders one after the other; answers its Cookie header. */
async function browserThatPlaced(numbers: string[]): Promise<string> {
  let cookie = "";
  for (const n of numbers) cookie = sentBack(await rememberPlacedOrder(request(cookie), n, SECRET));
  return cookie;
}

describe("the placed-orders cookie", () => {
  it("is signed, httpOnly, SameSite=Lax, for the whole site, for hours (not weeks)", async () => {
    const setCookie = await rememberPlacedOrder(request(), "ORD-12345678", SECRET);
    expect(setCookie.startsWith(`${PLACED_ORDERS_COOKIE}=`)).toBe(true);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).toContain("Path=/");
    expect(setCookie).toContain(`Max-Age=${4 * 60 * 60}`);
    expect(setCookie).not.toContain("Secure");
    // Signed: value.signature, the value not readable as plain order numbers.
    expect(sentBack(setCookie)).toMatch(/=[^.;]+\.[^.;]+$/);
    expect(setCookie).not.toContain("ORD-12345678");
  });

  it("is Secure when the request came over https", async () => {
    const setCookie = await rememberPlacedOrder(
      request(undefined, "https://shop.test/checkout"),
      "ORD-12345678",
      SECRET,
    );
    expect(setCookie).toContain("Secure");
  });

  it("reads back the numbers this browser placed, oldest first, without duplicates", async () => {
    expect(await placedOrderNumbers(request(), SECRET)).toEqual([]);
    const cookie = await browserThatPlaced(["ORD-00000001", "ORD-00000002", "ORD-00000001"]);
    expect(await placedOrderNumbers(request(cookie), SECRET)).toEqual(["ORD-00000002", "ORD-00000001"]);
    // Other cookies next to it do not matter.
    expect(await placedOrderNumbers(request(`a=1; ${cookie}; b=2`), SECRET)).toEqual(["ORD-00000002", "ORD-00000001"]);
  });

  it(`keeps the last ${MAX_PLACED_ORDERS}`, async () => {
    const numbers = Array.from({ length: MAX_PLACED_ORDERS + 5 }, (_, i) => `ORD-${String(i).padStart(8, "0")}`);
    const cookie = await browserThatPlaced(numbers);
    expect(await placedOrderNumbers(request(cookie), SECRET)).toEqual(numbers.slice(-MAX_PLACED_ORDERS));
  });

  it("answers [] for a tampered, unsigned, foreign-signed or garbled cookie", async () => {
    const cookie = await browserThatPlaced(["ORD-00000001"]);
    const [name, value] = [cookie.slice(0, cookie.indexOf("=")), cookie.slice(cookie.indexOf("=") + 1)];
    const [payload, signature] = value.split(".") as [string, string];

    // Someone else's order number, signed with nothing or with the old signature.
    const forged = btoa(JSON.stringify(["ORD-99999999"]));
    const cases = [
      `${name}=${forged}`,
      `${name}=${forged}.${signature}`,
      `${name}=${payload}.${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`,
      `${name}=${payload}.`,
      `${name}=${payload}`,
      `${name}=%%%not-base64%%%`,
      `${name}=`,
    ];
    for (const c of cases) expect(await placedOrderNumbers(request(c), SECRET), c).toEqual([]);

    expect(await placedOrderNumbers(request(cookie), "another-secret-another-secret-0123456")).toEqual([]);
  });

  it("refuses to remember something that is not an order number", async () => {
    await expect(rememberPlacedOrder(request(), "x".repeat(200), SECRET)).rejects.toThrow(TypeError);
    await expect(rememberPlacedOrder(request(), "ORD-1; Path=/", SECRET)).rejects.toThrow(TypeError);
  });
});
