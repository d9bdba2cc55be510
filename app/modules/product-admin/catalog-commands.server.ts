import type { Db } from "~/lib/db/client.server";
import type { EventBus } from "~/lib/events.server";
import type { Actor } from "./product-audit.server";
import { importProducts } from "./product-csv.server";
import { duplicateProduct } from "./product-duplicate.server";
import { createEditorGroup, joinEditorGroup, leaveEditorGroup, saveEditorProduct } from "./editor-writes.server";
import { applyBulkAction, loadDemoProducts, setProductFlag } from "./product-flags.server";
import { createGroup, deleteGroup, removeFromGroup } from "./product-groups.server";
import type { SaveTarget, SavedProduct } from "./product-save.server";
import { createSizeChart, deleteSizeChart, updateSizeChart } from "./size-chart-admin.server";
import type { ChartInput } from "~/modules/fit/size-chart-rules";

/**
 * The back office's catalogue writes as both faces (/admin and /secure-admin) call them: each runs its
 * command and, once that has committed and changed something, announces `catalog.changed`, which
 * empties the storefront's page and read caches on every instance — as the order moves already do. No
 * route empties a cache itself; a new command added here cannot forget to.
 */
export function createCatalogCommands(deps: { db: Db; events: EventBus }) {
  const { db, events } = deps;
  /** `work`'s result, announced as `reason` when `changed` says the catalogue changed. */
  async function announced<T>(work: Promise<T>, changed: (result: T) => boolean, reason: string): Promise<T> {
    const result = await work;
    if (changed(result)) await events.emit("catalog.changed", { reason });
    return result;
  }
  const savedSomething = (saved: SavedProduct) => saved.created || Object.keys(saved.changes).length > 0;
  const always = () => true;

  return {
    /** The editor's save, one set of rules for both faces (`saveEditorProduct`). */
    save: (actor: Actor, target: SaveTarget, values: unknown) =>
      announced(saveEditorProduct(db, actor, target, values), savedSomething, "product saved"),
    duplicate: (actor: Actor, sourceId: string) =>
      announced(duplicateProduct(db, actor, sourceId), always, "product duplicated"),
    setFlag: (actor: Actor, write: Parameters<typeof setProductFlag>[2]) =>
      announced(setProductFlag(db, actor, write), (r) => r.changed, `product ${write.flag} set`),
    bulk: (actor: Actor, ...args: Parameters<typeof applyBulkAction> extends [Db, Actor, ...infer R] ? R : never) =>
      announced(applyBulkAction(db, actor, ...args), (r) => r.changed > 0, `bulk ${args[0]}`),
    createGroup: (actor: Actor, input: Parameters<typeof createGroup>[2]) =>
      announced(createGroup(db, actor, input), always, "product group created"),
    removeFromGroup: (actor: Actor, target: Parameters<typeof removeFromGroup>[2]) =>
      announced(removeFromGroup(db, actor, target), always, `product left group ${target.groupId}`),
    deleteGroup: (actor: Actor, groupId: string) =>
      announced(deleteGroup(db, actor, groupId), always, `product group ${groupId} deleted`),
    createEditorGroup: (actor: Actor, input: Parameters<typeof createEditorGroup>[2]) =>
      announced(createEditorGroup(db, actor, input), always, "product group created (editor)"),
    joinGroup: (actor: Actor, input: Parameters<typeof joinEditorGroup>[2]) =>
      announced(joinEditorGroup(db, actor, input), always, "product joined a group"),
    leaveGroup: (actor: Actor, input: Parameters<typeof leaveEditorGroup>[2]) =>
      announced(leaveEditorGroup(db, actor, input), always, "product left its group"),
    importProducts: (actor: Actor, text: string, previewToken: string) =>
      announced(
        importProducts(db, actor, text, previewToken),
        (r) => r.written && r.plan.create + r.plan.update > 0,
        "products imported",
      ),
    loadDemo: (actor: Actor) => announced(loadDemoProducts(db, actor), always, "demo products loaded"),
    /** Size charts (issue 29): product pages and /size-guide show them. */
    createSizeChart: (actor: Actor, input: ChartInput) =>
      announced(createSizeChart(db, actor, input), always, "size chart created"),
    updateSizeChart: (actor: Actor, id: string, input: ChartInput, version: string) =>
      announced(updateSizeChart(db, actor, id, input, version), (r) => r.changed, "size chart saved"),
    deleteSizeChart: (actor: Actor, id: string, shownCount: number) =>
      announced(deleteSizeChart(db, actor, id, shownCount), always, "size chart deleted"),
  };
}

export type CatalogCommands = ReturnType<typeof createCatalogCommands>;
