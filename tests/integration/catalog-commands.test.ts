import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, user } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import { EventBus } from "~/lib/events.server";
import { createCatalogCommands, type CatalogCommands } from "~/modules/product-admin/catalog-commands.server";
import { insertTestProducts } from "../support/catalog-fixtures";
import { createTestDatabase, databaseKind, type TestDatabase } from "../support/test-database";

/**
 * The back office's catalogue writes announce `catalog.changed` themselves (what empties the storefront's
 * caches on every instance), once they have committed a change, and only then: no route has to.
 */
let t: TestDatabase;
let db: Db;
let commands: CatalogCommands;
const announced: string[] = [];
const actor = { kind: "member" as const, id: "catalog-commands-owner", email: "owner@example.com", name: "Owner" };
let tee: string;

beforeAll(async () => {
  t = await createTestDatabase();
  db = t.database.db;
  const events = new EventBus();
  events.on("catalog.changed", ({ reason }) => {
    announced.push(reason);
  });
  commands = createCatalogCommands({ db, events });
  await db.insert(user).values({ id: actor.id, name: "Owner", email: actor.email, role: "admin" });
  const [inserted] = await insertTestProducts(db, [
    { name: "Command Tee", slug: "command-tee", sku: "CMD-TEE", priceCents: 2500, sizes: ["S", "M"] },
  ]);
  tee = inserted!.id;
});
afterAll(async () => {
  await t?.cleanup();
});

describe(`catalogue commands announce their changes (${databaseKind})`, () => {
  it("a flag set announces once; setting it to what it is announces nothing", async () => {
    announced.length = 0;
    await commands.setFlag(actor, { id: tee, flag: "featured", value: true });
    expect(announced).toEqual(["product featured set"]);
    await commands.setFlag(actor, { id: tee, flag: "featured", value: true });
    expect(announced).toHaveLength(1);
    const [row] = await db.select({ featured: products.featured }).from(products).where(eq(products.id, tee));
    expect(row!.featured).toBe(true);
  });

  it("a refused write announces nothing; a bulk action that changes nothing neither", async () => {
    announced.length = 0;
    await expect(
      commands.setFlag(actor, { id: "00000000-0000-4000-8000-000000000000", flag: "isActive", value: false }),
    ).rejects.toThrow();
    await expect(commands.deleteGroup(actor, "group_missing")).rejects.toThrow();
    const { changed } = await commands.bulk(actor, "activate", { ids: [tee] });
    expect(changed).toBe(0);
    expect(announced).toEqual([]);
  });

  it("a duplicate announces, and so does a deactivation by bulk action", async () => {
    announced.length = 0;
    const copy = await commands.duplicate(actor, tee);
    expect(copy.values.name).toContain("Command Tee");
    await commands.bulk(actor, "deactivate", { ids: [tee] });
    expect(announced).toEqual(["product duplicated", "bulk deactivate"]);
  });
});
