import { describe, expect, it } from "vitest";
import { moduleLoops, type ModuleImport } from "../../scripts/module-graph";

const edge = (from: string, to: string): ModuleImport => ({ from, to, file: `app/modules/${from}/x.ts`, spec: to });

describe("the modules' dependency loops", () => {
  it("finds none in a graph that only goes one way", () => {
    expect(
      moduleLoops([edge("orders", "catalog"), edge("accounts", "notifications"), edge("orders", "notifications")]),
    ).toEqual([]);
  });

  it("finds a loop of two and of three modules, each with one import a step", () => {
    const loops = moduleLoops([
      edge("accounts", "notifications"),
      edge("notifications", "accounts"),
      edge("orders", "catalog"),
      edge("catalog", "cart"),
      edge("cart", "orders"),
      edge("orders", "payments"),
    ]);
    expect(loops.map((l) => l.modules)).toEqual([
      ["accounts", "notifications"],
      ["cart", "orders", "catalog"],
    ]);
    const three = loops[1]!;
    expect(three.steps.map((s) => `${s.from}>${s.to}`)).toEqual(["cart>orders", "orders>catalog", "catalog>cart"]);
  });
});
