import { describe, expect, it } from "vitest";
import {
  PACKING_SLIP_MAX,
  parseSlipSelection,
  pickList,
  SLIP_SELECTION_MESSAGES,
  slipLines,
  type PickItemInput,
} from "~/modules/orders/packing-slips";

/** The pure half of packing slips and pick lists (issue 32): the URL's selection, a slip's lines, the sums. */

const params = (query: string) => new URLSearchParams(query);

describe("parseSlipSelection", () => {
  it("reads a comma list and repeated values, trimmed, upper-cased, each once in the order given", () => {
    expect(parseSlipSelection(params("orders=ORD-2, ord-1&orders=ORD-2&orders=TEST-00000007"))).toEqual({
      ok: true,
      selection: { kind: "orders", orderNumbers: ["ORD-2", "ORD-1", "TEST-00000007"] },
    });
  });

  it("reads the paid-unshipped filter, and it wins over ticked orders; an empty filter means none", () => {
    expect(parseSlipSelection(params("filter=paid-unshipped&orders=ORD-1"))).toEqual({
      ok: true,
      selection: { kind: "paid-unshipped" },
    });
    expect(parseSlipSelection(params("filter=&orders=ORD-1"))).toMatchObject({ ok: true });
  });

  it("refuses nothing chosen, an unknown filter, malformed numbers and too many, each with its message", () => {
    expect(parseSlipSelection(params(""))).toEqual({ ok: false, message: SLIP_SELECTION_MESSAGES.none });
    expect(parseSlipSelection(params("orders=,,"))).toEqual({ ok: false, message: SLIP_SELECTION_MESSAGES.none });
    expect(parseSlipSelection(params("filter=everything"))).toEqual({
      ok: false,
      message: SLIP_SELECTION_MESSAGES.filter,
    });
    const bad = parseSlipSelection(params("orders=ORD-1,<script>,ORD-1%27--"));
    expect(bad).toEqual({ ok: false, message: `${SLIP_SELECTION_MESSAGES.malformed}: "<SCRIPT>", "ORD-1'--".` });
    const many = Array.from({ length: PACKING_SLIP_MAX + 1 }, (_, i) => `ORD-${i}`).join(",");
    expect(parseSlipSelection(params(`orders=${many}`))).toEqual({
      ok: false,
      message: SLIP_SELECTION_MESSAGES.tooMany,
    });
    const exactly = Array.from({ length: PACKING_SLIP_MAX }, (_, i) => `ORD-${i}`).join(",");
    expect(parseSlipSelection(params(`orders=${exactly}`))).toMatchObject({ ok: true });
  });
});

describe("slipLines", () => {
  it("prints name, size and colour, SKU and quantity, never a price, and counts the units", () => {
    const item = {
      id: "a",
      productName: "Linen Shirt",
      productSku: "LS-M-SAGE",
      size: "M",
      color: "Sage",
      quantity: 2,
    };
    const { lines, units } = slipLines([
      { ...item, unitPriceCents: 4900 } as typeof item,
      { id: "b", productName: "Scarf", productSku: "SC-1", size: null, color: " ", quantity: 1 },
      { id: "c", productName: "Socks", productSku: "SO-L", size: "L", color: null, quantity: 3 },
    ]);
    expect(lines).toEqual([
      {
        id: "a",
        name: "Linen Shirt",
        sku: "LS-M-SAGE",
        size: "M",
        color: "Sage",
        detail: "Size M · Sage",
        quantity: 2,
      },
      { id: "b", name: "Scarf", sku: "SC-1", size: null, color: null, detail: "", quantity: 1 },
      { id: "c", name: "Socks", sku: "SO-L", size: "L", color: null, detail: "Size L", quantity: 3 },
    ]);
    expect(JSON.stringify(lines)).not.toContain("4900");
    expect(units).toBe(6);
  });
});

describe("pickList", () => {
  const sizes = ["XS", "S", "M", "L", "XL"];
  const line = (orderNumber: string, sku: string, size: string | null, color: string | null, quantity: number) =>
    ({
      orderNumber,
      productName: sku.startsWith("TEE") ? "Tee" : "Dress",
      productSku: sku,
      size,
      color,
      quantity,
      productSizes: sku.startsWith("TEE") ? sizes : null,
    }) satisfies PickItemInput;

  it("sums units by SKU, size and colour across orders and names the orders each row and the list cover", () => {
    const list = pickList([
      line("ORD-1", "TEE-M-RED", "M", "Red", 2),
      line("ORD-1", "TEE-M-BLUE", "M", "Blue", 1),
      line("ORD-2", "TEE-M-RED", "M", "Red", 3),
      line("ORD-3", "DRESS-1", "8", "Black", 1),
      line("ORD-3", "TEE-M-RED", "M", "Red", 1),
    ]);
    expect(list.units).toBe(8);
    expect(list.orderNumbers).toEqual(["ORD-1", "ORD-2", "ORD-3"]);
    expect(list.rows).toEqual([
      { sku: "DRESS-1", name: "Dress", size: "8", color: "Black", quantity: 1, orderNumbers: ["ORD-3"] },
      { sku: "TEE-M-BLUE", name: "Tee", size: "M", color: "Blue", quantity: 1, orderNumbers: ["ORD-1"] },
      {
        sku: "TEE-M-RED",
        name: "Tee",
        size: "M",
        color: "Red",
        quantity: 6,
        orderNumbers: ["ORD-1", "ORD-2", "ORD-3"],
      },
    ]);
  });

  it("orders a product's sizes as the product lists them (XS before L before XL), unknown sizes after", () => {
    const list = pickList([
      line("ORD-1", "TEE-XL", "XL", null, 1),
      line("ORD-1", "TEE-L", "L", null, 1),
      line("ORD-2", "TEE-3XL", "3XL", null, 1),
      line("ORD-2", "TEE-XS", "XS", null, 1),
      line("ORD-2", "TEE-ONE", null, null, 1),
    ]);
    expect(list.rows.map((row) => row.size)).toEqual([null, "XS", "L", "XL", "3XL"]);
  });

  it("keeps the same SKU with a different size or colour apart, and counts lines of no units for nothing", () => {
    const list = pickList([
      line("ORD-1", "TEE", "S", "Red", 1),
      line("ORD-1", "TEE", "S", "Blue", 1),
      line("ORD-2", "TEE", "M", "Red", 0),
    ]);
    expect(list.rows).toHaveLength(2);
    expect(list.units).toBe(2);
    expect(list.orderNumbers).toEqual(["ORD-1", "ORD-2"]);
  });

  it("is empty for no orders", () => {
    expect(pickList([])).toEqual({ rows: [], units: 0, orderNumbers: [] });
  });
});
