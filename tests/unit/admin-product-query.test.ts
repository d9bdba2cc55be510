import { describe, expect, it } from "vitest";
import {
  adminProductFilterSchema,
  adminProductSearchParams,
  adminProductsHref,
  changeAdminProductQuery,
  DEFAULT_ADMIN_PRODUCT_QUERY,
  hasAdminProductFilters,
  listKey,
  parseAdminProductQuery,
  withPanel,
  type AdminProductQuery,
} from "~/modules/product-admin/admin-product-query";
import { likeContaining } from "~/modules/product-admin/admin-product-list.server";
import {
  bulkAppliedMessage,
  flagFailedMessage,
  flagUpdatedMessage,
  flagWriteSchema,
} from "~/modules/product-admin/product-flags";

const parse = (search: string) => parseAdminProductQuery(new URLSearchParams(search));

describe("the product dashboard's URL query", () => {
  it("reads every part, and leaves out defaults when written back", () => {
    const query = parse("q=linen+shirt&category=men&status=sale&view=grid&page=3");
    expect(query).toEqual({ q: "linen shirt", category: "men", status: "sale", stock: "all", view: "grid", page: 3 });
    expect(adminProductSearchParams(query).toString()).toBe("q=linen+shirt&category=men&status=sale&view=grid&page=3");
    expect(parse(adminProductSearchParams(query).toString())).toEqual(query);
    expect(adminProductsHref(DEFAULT_ADMIN_PRODUCT_QUERY)).toBe("/admin/products");
    expect(adminProductsHref({ ...DEFAULT_ADMIN_PRODUCT_QUERY, status: "inactive" })).toBe(
      "/admin/products?status=inactive",
    );
  });

  it("has defaults for an empty URL", () => {
    expect(parse("")).toEqual(DEFAULT_ADMIN_PRODUCT_QUERY);
    expect(parse("")).toEqual({ q: "", category: null, status: "all", stock: "all", view: "list", page: 1 });
  });

  it("falls back to each default on its own for values that make no sense, and never throws", () => {
    expect(parse("status=deleted&view=table&page=-2&category=Men's%20Wear&q=%20%20tee%20")).toEqual({
      q: "tee",
      category: null,
      status: "all",
      stock: "all",
      view: "list",
      page: 1,
    });
    for (const page of ["0", "abc", "1.5", "1e3", "9999999", "", " 2"]) expect(parse(`page=${page}`).page).toBe(1);
    expect(parse("category=MEN").category).toBe("men");
    expect(parse("category=").category).toBeNull();
    expect(parse("q=" + "x".repeat(300)).q).toHaveLength(100);
    // Repeated parameters: the first counts.
    expect(parse("status=active&status=inactive").status).toBe("active");
    for (const junk of ["%", "q=%E0%A4%A", "page[]=1", "q[a]=b", "status=__proto__", "category=../../etc"]) {
      expect(() => parse(junk)).not.toThrow();
    }
  });

  it("ignores the panels' parameters: they are not filters", () => {
    expect(parse("edit=new&panel=groups&page=4")).toEqual({ ...DEFAULT_ADMIN_PRODUCT_QUERY, page: 4 });
    expect(listKey(parse("status=active&page=2&edit=abc"))).toBe(listKey(parse("status=active&page=2")));
  });

  it("opens a panel keeping the list and its page, and one panel at a time", () => {
    expect(withPanel("?status=active&page=3", { edit: "new" })).toBe("/admin/products?status=active&page=3&edit=new");
    expect(withPanel("?page=3&edit=abc", { panel: "groups" })).toBe("/admin/products?page=3&panel=groups");
    expect(withPanel("", { edit: "p1" })).toBe("/admin/products?edit=p1");
  });

  it("goes back to page 1 when the search or a filter changes, not when the view or the page does", () => {
    const onPage3: AdminProductQuery = { ...DEFAULT_ADMIN_PRODUCT_QUERY, q: "tee", page: 3 };
    expect(changeAdminProductQuery(onPage3, { q: "hoodie" }).page).toBe(1);
    expect(changeAdminProductQuery(onPage3, { category: "men" }).page).toBe(1);
    expect(changeAdminProductQuery(onPage3, { status: "featured" }).page).toBe(1);
    expect(changeAdminProductQuery(onPage3, { view: "grid" })).toEqual({ ...onPage3, view: "grid" });
    expect(changeAdminProductQuery(onPage3, { page: 5 }).page).toBe(5);
    // The same value again is no change.
    expect(changeAdminProductQuery(onPage3, { q: "tee" }).page).toBe(3);
  });

  it("knows when something narrows the list", () => {
    expect(hasAdminProductFilters(DEFAULT_ADMIN_PRODUCT_QUERY)).toBe(false);
    expect(hasAdminProductFilters(parse("view=grid&page=2"))).toBe(false);
    expect(hasAdminProductFilters(parse("q=x"))).toBe(true);
    expect(hasAdminProductFilters(parse("category=men"))).toBe(true);
    expect(hasAdminProductFilters(parse("status=inactive"))).toBe(true);
  });

  it("takes a bulk action's filter strictly: a bad value is refused, not read as every product", () => {
    expect(adminProductFilterSchema.safeParse({ q: " tee ", category: null, status: "active" }).data).toEqual({
      q: "tee",
      category: null,
      status: "active",
      stock: "all",
    });
    // The low-stock view lists variants: a bulk action cannot target it.
    expect(adminProductFilterSchema.safeParse({ q: "", category: null, status: "all", stock: "low" }).success).toBe(
      false,
    );
    expect(adminProductFilterSchema.safeParse({ q: "", category: null, status: "everything" }).success).toBe(false);
    expect(adminProductFilterSchema.safeParse({ q: "", category: "Men's", status: "all" }).success).toBe(false);
    expect(adminProductFilterSchema.safeParse({ q: "x".repeat(101), category: null, status: "all" }).success).toBe(
      false,
    );
  });
});

describe("the dashboard's writes", () => {
  const id = "0b5f2a47-3a0e-4c6b-9a53-6f0d2b9f1c11";

  it("accept a toggle to a stated value and a bulk action on ids or on a filter", () => {
    expect(flagWriteSchema.safeParse({ intent: "toggle", id, flag: "featured", value: true }).success).toBe(true);
    expect(
      flagWriteSchema.safeParse({ intent: "bulk", action: "mark-sale", percent: 20, target: { ids: [id] } }).success,
    ).toBe(true);
    // 'Mark as Sale' without a percentage is refused: the sale price comes from it.
    expect(flagWriteSchema.safeParse({ intent: "bulk", action: "mark-sale", target: { ids: [id] } }).success).toBe(
      false,
    );
    expect(
      flagWriteSchema.safeParse({
        intent: "bulk",
        action: "deactivate",
        target: { filter: { q: "", category: "men", status: "active" } },
      }).success,
    ).toBe(true);
  });

  it("refuse other flags, other actions, ids that are not product ids and oversized selections", () => {
    for (const body of [
      { intent: "toggle", id, flag: "isNew", value: true },
      { intent: "toggle", id, flag: "isActive", value: "yes" },
      { intent: "toggle", id: "1 or 1=1", flag: "isActive", value: true },
      { intent: "bulk", action: "delete", target: { ids: [id] } },
      { intent: "bulk", action: "activate", target: { ids: Array.from({ length: 1001 }, () => id) } },
      { intent: "bulk", action: "activate", target: {} },
      null,
      "activate",
    ]) {
      expect(flagWriteSchema.safeParse(body).success).toBe(false);
    }
  });

  it("say the spec's toasts", () => {
    expect(flagUpdatedMessage("isActive")).toBe("Product status updated");
    expect(flagUpdatedMessage("featured")).toBe("Product featured updated");
    expect(flagFailedMessage("isActive")).toBe("Failed to update product status");
    expect(flagFailedMessage("featured")).toBe("Failed to update product featured");
    expect(bulkAppliedMessage(12)).toBe("Bulk action applied to 12 products");
  });

  it("search text is matched literally: LIKE wildcards are escaped", () => {
    expect(likeContaining("50%_off\\")).toBe("%50\\%\\_off\\\\%");
    expect(likeContaining("tee")).toBe("%tee%");
  });
});
