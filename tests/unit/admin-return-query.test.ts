import { describe, expect, it } from "vitest";
import {
  ADMIN_RETURN_SEARCH_MAX,
  adminReturnSearchParams,
  likePrefix,
  parseAdminReturnQuery,
  returnSearchOf,
} from "~/modules/returns/admin-return-query";
import { dispositionField, parseAdminReturnForm } from "~/modules/returns/admin-return-forms";
import { RETURN_MESSAGES } from "~/modules/returns/return-rules";

const parse = (query: string) => parseAdminReturnQuery(new URLSearchParams(query));

describe("the owner's returns list query", () => {
  it("reads the URL, falling back per value", () => {
    expect(parse("q=%20RMA-123%20&status=received&page=3")).toEqual({ q: "RMA-123", status: "received", page: 3 });
    expect(parse("")).toEqual({ q: "", status: null, page: 1 });
    expect(parse("status=shipped&page=0")).toEqual({ q: "", status: null, page: 1 });
    expect(parse("status=REQUESTED&page=2.5")).toEqual({ q: "", status: null, page: 1 });
    expect(parse("page=-1").page).toBe(1);
    expect(parse("page=100").page).toBe(100);
    expect(parse("page=101").page).toBe(1);
    expect(parse("page=1e3").page).toBe(1);
    expect(parse("status=closed&status=refused").status).toBe("closed");
  });

  it("strips control characters and keeps at most 100 characters of the search", () => {
    expect(parse("q=ana%00%1F%7F@x").q).toBe("ana@x");
    expect(parse(`q=${"a".repeat(300)}`).q).toHaveLength(ADMIN_RETURN_SEARCH_MAX);
    expect(parse("q=%20%20%20").q).toBe("");
  });

  it("writes the URL back without the defaults, and round-trips", () => {
    expect(adminReturnSearchParams({ q: "", status: null, page: 1 }).toString()).toBe("");
    const query = { q: "ana@example.com", status: "approved" as const, page: 4 };
    const text = adminReturnSearchParams(query).toString();
    expect(text).toBe("q=ana%40example.com&status=approved&page=4");
    expect(parse(text)).toEqual(query);
  });
});

describe("what a returns search matches", () => {
  it("an RMA number, in any case, as a prefix of the return's number", () => {
    expect(returnSearchOf("RMA-12345678-1")).toEqual({
      kind: "number",
      rmaPrefix: "RMA-12345678-1",
      orderPrefix: null,
    });
    expect(returnSearchOf("rma-1234")).toEqual({ kind: "number", rmaPrefix: "RMA-1234", orderPrefix: null });
    expect(returnSearchOf("RMA")).toEqual({ kind: "number", rmaPrefix: "RMA", orderPrefix: null });
  });

  it("an order number as its returns' number prefix, the order's own number beside it", () => {
    expect(returnSearchOf("ORD-12345678")).toEqual({
      kind: "number",
      rmaPrefix: "RMA-12345678",
      orderPrefix: "ORD-12345678",
    });
    expect(returnSearchOf("test-42")).toEqual({ kind: "number", rmaPrefix: "RMA-42", orderPrefix: "TEST-42" });
  });

  it("digits as the digits of an RMA (and so of its order)", () => {
    expect(returnSearchOf(" 1234 ")).toEqual({ kind: "number", rmaPrefix: "RMA-1234", orderPrefix: null });
  });

  it("anything else as a customer e-mail prefix, lower-cased; nothing as everything", () => {
    expect(returnSearchOf("Ana.Lee@Example")).toEqual({ kind: "email", prefix: "ana.lee@example" });
    expect(returnSearchOf("RMA-12x")).toEqual({ kind: "email", prefix: "rma-12x" });
    expect(returnSearchOf("ORD-12 34")).toEqual({ kind: "email", prefix: "ord-12 34" });
    expect(returnSearchOf("   ")).toEqual({ kind: "none" });
  });

  it("matches LIKE's wildcards literally", () => {
    expect(likePrefix("a_b%c\\")).toBe("a\\_b\\%c\\\\%");
  });
});

describe("the return page's move form", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [k, v] of Object.entries(fields)) data.append(k, v);
    return data;
  };
  const line = "0b6f1c9e-8d8c-4c1e-9a51-1f0b0f3b7a11";

  it("needs a reason to refuse", () => {
    expect(parseAdminReturnForm(form({ intent: "refuse", reason: "  " }))).toEqual({
      ok: false,
      errors: { reason: RETURN_MESSAGES.refusalReasonRequired },
    });
    const ok = parseAdminReturnForm(form({ intent: "refuse", reason: " Worn " }));
    expect(ok.ok && ok.data).toMatchObject({ intent: "refuse", reason: "Worn", note: null });
  });

  it("reads each line's restock or write-off, and the refund's shipping box", () => {
    const received = parseAdminReturnForm(
      form({ intent: "receive", [dispositionField(line)]: "write_off", "disposition-not-a-uuid": "restock" }),
    );
    expect(received.ok && received.data.dispositions).toEqual({ [line]: "write_off" });
    const bad = parseAdminReturnForm(form({ intent: "receive", [dispositionField(line)]: "burn" }));
    expect(bad.ok).toBe(false);
    const refund = parseAdminReturnForm(form({ intent: "refund", refundShipping: "on" }));
    expect(refund.ok && refund.data).toMatchObject({ intent: "refund", refundShipping: true });
    const plain = parseAdminReturnForm(form({ intent: "refund" }));
    expect(plain.ok && plain.data).toMatchObject({ refundShipping: false });
  });

  it("refuses an unknown move and the shopper's cancel", () => {
    for (const intent of ["cancel", "delete", ""]) {
      expect(parseAdminReturnForm(form({ intent })).ok).toBe(false);
    }
  });
});
