import { describe, expect, it } from "vitest";
import {
  auditActionText,
  auditCursorText,
  auditSearchParams,
  auditValueText,
  parseAuditCursor,
  parseAuditQuery,
  SHARED_PASSWORD_ACTOR,
} from "~/modules/audit/audit-query";
import { fieldChanges, hasChanges } from "~/modules/audit/field-changes";

describe("fieldChanges", () => {
  it("records only the fields the write names whose value changed, before and after", () => {
    const before = { name: "Tee", priceCents: 2500, sizes: ["S", "M"], active: true, note: null };
    expect(fieldChanges(before, { name: "Tee", priceCents: 2900, sizes: ["S", "M"], active: undefined })).toEqual({
      priceCents: [2500, 2900],
    });
    expect(fieldChanges(before, { sizes: ["S", "M", "L"], note: "" })).toEqual({
      sizes: [
        ["S", "M"],
        ["S", "M", "L"],
      ],
      note: [null, ""],
    });
  });
  it("records nothing for an unchanged re-save: lists by items, objects by keys, dates by instant, null as undefined", () => {
    const at = new Date("2026-11-27T10:00:00Z");
    const before = { at, tags: ["a"], address: { city: "Portland", zip: "97204" }, gone: null };
    const after = {
      at: new Date(at.getTime()),
      tags: ["a"],
      address: { zip: "97204", city: "Portland", extra: undefined },
      gone: undefined,
    };
    const changes = fieldChanges(before, after);
    expect(changes).toEqual({});
    expect(hasChanges(changes)).toBe(false);
  });
  it("keeps dates as ISO text, and a creation's or deletion's every field with a value", () => {
    const at = new Date("2026-11-27T10:00:00Z");
    expect(fieldChanges({ startsAt: null }, { startsAt: at })).toEqual({
      startsAt: [null, "2026-11-27T10:00:00.000Z"],
    });
    expect(fieldChanges(null, { name: "Sale", code: "", percent: 10, endsAt: null })).toEqual({
      name: [null, "Sale"],
      percent: [null, 10],
    });
    expect(fieldChanges({ name: "Sale", code: "", percent: 0 }, null)).toEqual({
      name: ["Sale", null],
      percent: [0, null],
    });
    expect(fieldChanges(null, null)).toEqual({});
  });
});

describe("the audit page's query", () => {
  it("reads every filter and drops what makes no sense", () => {
    const q = parseAuditQuery(
      new URLSearchParams({
        actor: " user-1 ",
        type: "order",
        object: "ORD-1001\u0000",
        from: "2026-11-30",
        to: "2026-11-01",
        before: "2026-11-27T10:00:00.123456Z_42",
      }),
    );
    expect(q).toEqual({
      actor: "user-1",
      type: "order",
      object: "ORD-1001",
      from: "2026-11-01",
      to: "2026-11-30",
      before: { at: "2026-11-27T10:00:00.123456Z", id: 42 },
    });
    const odd = parseAuditQuery(
      new URLSearchParams({
        type: "planet",
        from: "2026-02-31",
        to: "yesterday",
        before: "10_x",
        object: "x".repeat(300),
      }),
    );
    expect(odd).toMatchObject({ type: "", from: "", to: "", before: null });
    expect(odd.object).toHaveLength(100);
  });
  it("round-trips through the URL, defaults left out, the cursor to the microsecond", () => {
    const query = parseAuditQuery(
      new URLSearchParams({ actor: SHARED_PASSWORD_ACTOR, object: "Wrap", before: "2026-11-27T10:00:00.000001Z_7" }),
    );
    const params = auditSearchParams(query);
    expect(params.toString()).toBe("actor=shared-password&object=Wrap&before=2026-11-27T10%3A00%3A00.000001Z_7");
    expect(parseAuditQuery(params)).toEqual(query);
    expect(auditSearchParams({ actor: "", type: "", object: "", from: "", to: "", before: null }).toString()).toBe("");
    expect(parseAuditCursor(auditCursorText({ at: "2026-01-01T00:00:00.5Z", id: 9 }))).toEqual({
      at: "2026-01-01T00:00:00.5Z",
      id: 9,
    });
  });
  it("words actions and values", () => {
    expect(auditActionText("product.update", "product")).toBe("Updated product");
    expect(auditActionText("order.ship", "order")).toBe("Shipped order");
    expect(auditActionText("staff.change-role", "staff")).toBe("Changed the role of staff");
    expect(auditActionText("group.dissolve", "group")).toBe("Dissolved product group");
    expect(auditActionText("size-chart.create", "size-chart")).toBe("Created size chart");
    expect(auditActionText("order.odd-thing", "order")).toBe("order: odd thing");
    expect(auditValueText(null)).toBe("—");
    expect(auditValueText(["S", "M"])).toBe("S, M");
    expect(auditValueText(true)).toBe("true");
    expect(auditValueText({ city: "Portland" })).toBe('{"city":"Portland"}');
    expect(auditValueText("x".repeat(250))).toHaveLength(201);
  });
});
