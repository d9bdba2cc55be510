import { describe, expect, it } from "vitest";
import { changedFields } from "~/modules/product-admin/product-changes";

describe("changedFields", () => {
  it("lists only the fields whose value changed, as [old, new]", () => {
    const before = { name: "Tee", priceCents: 2000, sizes: ["S", "M"], isActive: true };
    expect(changedFields(before, { name: "Tee", priceCents: 2500, sizes: ["S", "M"], isActive: false })).toEqual({
      priceCents: [2000, 2500],
      isActive: [true, false],
    });
  });

  it("compares lists by their items and order, dates by their instant", () => {
    const at = new Date("2026-01-01T00:00:00Z");
    const before = { sizes: ["S", "M"], updatedAt: at };
    expect(changedFields(before, { sizes: ["S", "M"], updatedAt: new Date(at.getTime()) })).toEqual({});
    expect(changedFields(before, { sizes: ["M", "S"] })).toEqual({
      sizes: [
        ["S", "M"],
        ["M", "S"],
      ],
    });
  });

  it("treats null and a missing value alike and skips fields the write does not name", () => {
    expect(changedFields({ metaTitle: null as string | null, name: "A" }, { metaTitle: undefined })).toEqual({});
    expect(changedFields({ metaTitle: null as string | null }, { metaTitle: "Summer" })).toEqual({
      metaTitle: [null, "Summer"],
    });
  });
});
