import { count, eq, inArray } from "drizzle-orm";
import { UNSAFE_decodeViaTurboStream as decodeTurboStream } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, productChanges, products, productVariants } from "#db/schema/index";
import {
  CONSOLE_EDITOR_ROUTE,
  EDITOR_ROUTE,
  editorUrl,
  type EditorLoad,
  type EditorProduct,
  type ProductCommandAnswer,
} from "~/modules/product-admin/editor-api";
import { newProductValues, type ProductFormValues } from "~/modules/product-admin/product-form";
import { databaseKind } from "../support/test-database";
import { signIn, signUp } from "../support/sessions";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * Issue 26, "one code path for both faces": the /admin face (the admin's session, to
 * /admin/products/editor and /flags) and the /secure-admin face (the console's pass, to the console's
 * Products page, where the pass cookie reaches) send the same product commands and must get the same
 * rules. Each case is
 * sent through both faces, on twin products where it writes; the answers (status, ok, message, field
 * messages) and the resulting rows must be equal, so a console path that drifted from /admin's — its own
 * schema, its own save, its own messages — fails here. And neither face's endpoints do anything for a
 * signed-in customer or a visitor, whatever the method or body.
 */
const ADMIN = { email: "owner@example.com", password: "OwnerPass123" };
const CONSOLE_PASSWORD = "Faces-Console-2026";
const FLAGS_ROUTE = "/admin/products/flags";

let server: TestServer;
let adminCookie = "";
let consoleCookie = "";
let customerCookie = "";
let categoryId = "";

const db = () => server.services().database.db;

beforeAll(async () => {
  server = await startTestServer({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SECURE_ADMIN_PASSWORD: CONSOLE_PASSWORD,
  });
  adminCookie = await signIn(server.url, ADMIN.email, ADMIN.password);
  customerCookie = (await signUp(server, "faces-shopper@example.com")).cookie;
  const login = await fetch(`${server.url}/secure-admin/dashboard`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url },
    body: new URLSearchParams({ intent: "login", password: CONSOLE_PASSWORD }),
  });
  expect(login.status).toBe(200);
  consoleCookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith("abundance.secure_admin="))!
    .split(";")[0]!;
  const [category] = await db().select({ id: categories.id }).from(categories).limit(1);
  categoryId = category!.id;
});
afterAll(async () => {
  await server?.stop();
});

type Face = "admin" | "console";
const FACES: Face[] = ["admin", "console"];
const cookieOf = (face: Face) => (face === "admin" ? adminCookie : consoleCookie);

type Answer = ProductCommandAnswer & {
  product?: EditorProduct;
  errors?: Record<string, string>;
  changed?: number;
};

const CONSOLE_PRODUCTS = "/secure-admin/products";

/** A command through a face: /admin's endpoint (`path`), or the console's page for the console. */
async function send(face: Face, command: unknown, path = EDITOR_ROUTE) {
  const res = await fetch(`${server.url}${face === "admin" ? path : `${CONSOLE_PRODUCTS}.data`}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, "content-type": "application/json", cookie: cookieOf(face) },
    body: JSON.stringify(command),
  });
  if (face === "admin") return { status: res.status, body: (await res.json()) as Answer };
  const { value } = await decodeTurboStream(res.body!, globalThis);
  return { status: res.status, body: (value as { data: Answer }).data };
}

/** The editor's data as each face opens it: /admin's endpoint, or its console twin (the same reader and client hook). */
async function open(face: Face, target: string): Promise<{ status: number; body: EditorLoad }> {
  const route = face === "admin" ? EDITOR_ROUTE : CONSOLE_EDITOR_ROUTE;
  const res = await fetch(`${server.url}${editorUrl(target, route)}`, { headers: { cookie: cookieOf(face) } });
  return { status: res.status, body: (await res.json()) as EditorLoad };
}

/** What a face must agree on: the status, ok, the message and the field messages. */
const rulesOf = ({ status, body }: { status: number; body: Answer }) => ({
  status,
  ok: body.ok,
  message: body.message,
  errors: body.ok ? {} : (body.errors ?? {}),
});

let unique = 0;
const tag = () => `${Date.now().toString(36)}${++unique}`;

function values(overrides: Partial<ProductFormValues> = {}): ProductFormValues {
  return {
    ...newProductValues(),
    categoryId,
    price: "29.00",
    inventory: "5",
    sizes: ["S", "M"],
    colors: ["Black"],
    ...overrides,
  };
}

/** Two twin products, one made through each face: { admin, console }. */
async function twins(name: string): Promise<Record<Face, EditorProduct>> {
  const made = {} as Record<Face, EditorProduct>;
  for (const face of FACES) {
    const t = tag();
    const res = await send(face, {
      intent: "save",
      target: "new",
      values: values({ name: `${name} ${face} ${t}`, slug: "", sku: `TW-${t}` }),
      version: null,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    made[face] = res.body.product!;
  }
  return made;
}

/** A row with what differs between twins by design (ids, names, slugs, SKUs, times) left out. */
async function comparable(id: string) {
  const [row] = await db().select().from(products).where(eq(products.id, id));
  const variants = await db()
    .select({ size: productVariants.size, color: productVariants.color, stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.productId, id))
    .orderBy(productVariants.position);
  const { priceCents, originalPriceCents, isActive, featured, isNew, isSale, inventory, categoryId, tags, colors } =
    row!;
  return {
    priceCents,
    originalPriceCents,
    isActive,
    featured,
    isNew,
    isSale,
    inventory,
    categoryId,
    tags,
    colors,
    sizes: row!.sizes,
    variantType: row!.variantType,
    grouped: row!.productGroupId !== null,
    variants,
  };
}

const productCount = async () => (await db().select({ n: count() }).from(products))[0]!.n;

describe(`both faces, one set of rules (${databaseKind})`, () => {
  it("refuses the same invalid saves with the same messages, writing nothing", async () => {
    const invalid: Partial<ProductFormValues>[] = [
      { name: " ", price: "0", categoryId: "", inventory: "-1" },
      { name: "Faces Tee", price: "abc" },
      { name: "Faces Tee", price: "10.00", compareAtPrice: "5.00" },
      { name: "Faces Tee", categoryId: "men" },
      { name: "Faces Tee", images: ["javascript:alert(1)"] },
      { name: "Faces Tee", inventory: "lots" },
      { name: "x".repeat(201) },
    ];
    const before = await productCount();
    for (const changes of invalid) {
      const command = { intent: "save", target: "new", values: values(changes), version: null };
      const [admin, console] = await Promise.all(FACES.map((face) => send(face, command)));
      const label = JSON.stringify(changes).slice(0, 60);
      expect(admin!.status, label).toBe(400);
      expect(rulesOf(console!), label).toEqual(rulesOf(admin!));
    }
    // Malformed commands, too.
    for (const command of [
      { intent: "save", target: "new", values: "x" },
      { intent: "save", target: "not-an-id", values: values(), version: null },
      { intent: "save", target: "6f9619ff-8b86-4011-b42d-00c04fc964ff", values: values(), version: null },
      { intent: "unknown" },
      { intent: "duplicate", productId: "nope" },
      { intent: "group-create", productId: "6f9619ff-8b86-4011-b42d-00c04fc964ff", name: " " },
      { intent: "toggle", id: "6f9619ff-8b86-4011-b42d-00c04fc964ff", flag: "isSale", value: true },
      { intent: "bulk", action: "activate", target: { ids: [] } },
      { intent: "bulk", action: "mark-sale", target: { ids: [] }, percent: 95 },
    ]) {
      const [admin, console] = await Promise.all(FACES.map((face) => send(face, command)));
      expect(admin!.status, JSON.stringify(command)).toBeGreaterThanOrEqual(400);
      expect(rulesOf(console!), JSON.stringify(command)).toEqual(rulesOf(admin!));
    }
    expect(await productCount()).toBe(before);
  });

  it("creates the same product from the same values: the same defaults, the same answer's message", async () => {
    const made = await twins("Faces Create");
    const [admin, console] = [made.admin, made.console];
    expect(await comparable(console.id)).toEqual(await comparable(admin.id));
    // Spec §5 on both: a blank slug is the name's, a given SKU is kept.
    expect(admin.slug).toMatch(/^faces-create-admin-/);
    expect(console.slug).toMatch(/^faces-create-console-/);
    // A blank SKU: 'SKU-{timestamp}' on both.
    for (const face of FACES) {
      const res = await send(face, {
        intent: "save",
        target: "new",
        values: values({ name: `Faces Blank Sku ${face} ${tag()}`, sku: "" }),
        version: null,
      });
      expect(res.status).toBe(201);
      expect(res.body.message).toBe("Product created successfully");
      expect(res.body.product!.values.sku).toMatch(/^SKU-\d{13}$/);
    }
  });

  it("updates, refuses a stale form and appends the time to a taken slug alike", async () => {
    const made = await twins("Faces Update");
    const other = await twins("Faces Other");
    for (const face of FACES) {
      const product = made[face];
      const changed = { ...product.values, price: "31.50", compareAtPrice: "40.00", tags: ["linen"] };
      const saved = await send(face, { intent: "save", target: product.id, values: changed, version: product.version });
      expect(rulesOf(saved), face).toEqual({
        status: 200,
        ok: true,
        message: "Product updated successfully",
        errors: {},
      });
      // The version it was opened from is gone: stale, with the product as it is now.
      const stale = await send(face, { intent: "save", target: product.id, values: changed, version: product.version });
      expect(stale.status, face).toBe(409);
      expect(stale.body.ok).toBe(false);
      expect(stale.body.ok === false && stale.body.current?.values.price).toBe("31.50");
      // Another product's slug on edit: the time is appended (spec §5).
      const current = saved.body.product!;
      const clash = await send(face, {
        intent: "save",
        target: product.id,
        values: { ...current.values, slug: other[face].slug },
        version: current.version,
      });
      expect(clash.status, face).toBe(200);
      expect(clash.body.product!.slug).toMatch(new RegExp(`^${other[face].slug}-\\d{13}$`));
    }
    expect(await comparable(made.console.id)).toEqual(await comparable(made.admin.id));
    const stales = await Promise.all(
      FACES.map((face) =>
        send(face, { intent: "save", target: made[face].id, values: made[face].values, version: made[face].version }),
      ),
    );
    expect(rulesOf(stales[1]!)).toEqual(rulesOf(stales[0]!));
  });

  it("toggles, bulk-changes, duplicates and groups alike", async () => {
    const made = await twins("Faces Flags");
    const answers: Record<Face, unknown[]> = { admin: [], console: [] };
    for (const face of FACES) {
      const id = made[face].id;
      const record = (res: { status: number; body: Answer }) => answers[face].push(rulesOf(res));
      record(await send(face, { intent: "toggle", id, flag: "featured", value: true }, FLAGS_ROUTE));
      record(await send(face, { intent: "toggle", id, flag: "isActive", value: false }, FLAGS_ROUTE));
      record(await send(face, { intent: "bulk", action: "activate", target: { ids: [id] } }, FLAGS_ROUTE));
      record(
        await send(face, { intent: "bulk", action: "mark-sale", target: { ids: [id] }, percent: 20 }, FLAGS_ROUTE),
      );
      record(await send(face, { intent: "group-create", productId: id, name: "Faces Flags" }));
      record(await send(face, { intent: "group-leave", productId: id }));
      record(await send(face, { intent: "group-leave", productId: id }));
      const copy = await send(face, { intent: "duplicate", productId: id });
      expect(copy.status).toBe(201);
      answers[face].push({ status: copy.status, ok: copy.body.ok, copyOf: await comparable(copy.body.product!.id) });
    }
    expect(answers.console).toEqual(answers.admin);
    expect(await comparable(made.console.id)).toEqual(await comparable(made.admin.id));
    // Both open them alike (one reader of the editor's data).
    const loads = await Promise.all(FACES.map((face) => open(face, made[face].id)));
    expect(loads.map((l) => l.status)).toEqual([200, 200]);
    const shape = (load: EditorLoad) =>
      load.ok ? { group: load.group, categories: load.categories, price: load.product?.values.price } : load;
    expect(shape(loads[1]!.body)).toEqual(shape(loads[0]!.body));
    expect(loads[0]!.body.ok && loads[0]!.body.group.groupId).toBeNull();
    for (const target of ["new", "6f9619ff-8b86-4011-b42d-00c04fc964ff", "not-an-id"]) {
      const [admin, console] = await Promise.all(FACES.map((face) => open(face, target)));
      expect({ status: console!.status, body: console!.body }, target).toEqual({
        status: admin!.status,
        body: admin!.body,
      });
    }
  });
});

describe(`neither face's endpoints do anything for a customer or a visitor (${databaseKind})`, () => {
  it("sends them away from every product command, whatever the method or body, and changes nothing", async () => {
    const made = await twins("Faces Guard");
    const id = made.admin.id;
    const snapshot = async () => ({
      products: await db().select().from(products).orderBy(products.id),
      variants: await db().select().from(productVariants).orderBy(productVariants.id),
      audit: (await db().select({ n: count() }).from(productChanges))[0]!.n,
    });
    const before = await snapshot();
    const commands: unknown[] = [
      { intent: "save", target: id, values: { ...made.admin.values, name: "Hijacked" }, version: made.admin.version },
      { intent: "save", target: "new", values: values({ name: "Hijacked" }), version: null },
      { intent: "duplicate", productId: id },
      { intent: "toggle", id, flag: "isActive", value: false },
      { intent: "bulk", action: "deactivate", target: { ids: [id] } },
      {
        intent: "bulk",
        action: "mark-sale",
        target: { filter: { q: "", category: null, status: "all", stock: "all" } },
        percent: 50,
      },
      { intent: "group-create", productId: id, name: "Hijacked" },
      { intent: "group-leave", productId: id },
      "garbage",
    ];
    const forged = "abundance.secure_admin=%2200000000-0000-4000-8000-000000000000%22.bogus";
    for (const cookie of [customerCookie, "", forged, `${customerCookie}; ${forged}`]) {
      for (const path of [EDITOR_ROUTE, `${EDITOR_ROUTE}.data`, FLAGS_ROUTE, `${FLAGS_ROUTE}.data`]) {
        for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
          for (const command of commands) {
            const res = await fetch(`${server.url}${path}`, {
              method,
              redirect: "manual",
              headers: { origin: server.url, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
              body: typeof command === "string" ? command : JSON.stringify(command),
            });
            const label = `${cookie ? "cookie" : "none"} ${method} ${path}`;
            expect([302, 202, 204], label).toContain(res.status);
            expect(await res.text(), label).not.toContain(made.admin.values.sku);
          }
        }
        const read = await fetch(`${server.url}${path}?id=${id}`, {
          redirect: "manual",
          headers: cookie ? { cookie } : {},
        });
        expect([302, 202, 204]).toContain(read.status);
        expect(await read.text()).not.toContain(made.admin.values.sku);
      }
      // The console's editor route answers a read without the pass with 401, reading nothing.
      for (const target of [id, "new"]) {
        const res = await fetch(`${server.url}${editorUrl(target, CONSOLE_EDITOR_ROUTE)}`, {
          redirect: "manual",
          headers: cookie ? { cookie } : {},
        });
        expect(res.status).toBe(401);
        expect(await res.text()).not.toContain(made.admin.values.sku);
      }
      // The console's page answers a command without the pass with 401, reading nothing.
      for (const command of commands.slice(0, 4)) {
        const res = await fetch(`${server.url}${CONSOLE_PRODUCTS}.data`, {
          method: "POST",
          redirect: "manual",
          headers: { origin: server.url, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
          body: JSON.stringify(command),
        });
        expect(res.status).toBe(401);
        expect(await res.text()).not.toContain(made.admin.values.sku);
      }
      // A command posted there as a form is no command either.
      const forms: Record<string, string>[] = [
        { intent: "toggle", id, flag: "isActive", value: "false" },
        { intent: "save", target: "new" },
      ];
      for (const form of forms) {
        const res = await fetch(`${server.url}/secure-admin/products.data`, {
          method: "POST",
          redirect: "manual",
          headers: { origin: server.url, ...(cookie ? { cookie } : {}) },
          body: new URLSearchParams(form),
        });
        expect(res.status).toBeGreaterThanOrEqual(400);
      }
    }
    expect(await snapshot()).toEqual(before);
    expect(
      await db()
        .select()
        .from(products)
        .where(inArray(products.name, ["Hijacked"])),
    ).toHaveLength(0);
  });
});
