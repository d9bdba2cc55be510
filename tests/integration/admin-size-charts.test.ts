import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productChanges, products, sizeCharts } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import { parse } from "csv-parse/sync";
import { ADMIN_ACCESS_MESSAGES } from "~/modules/accounts/admin-grant";
import { cellName, type SIZE_CHART_INTENTS } from "~/modules/fit/size-chart-form";
import { CHART_MESSAGES, PASTE_MESSAGES } from "~/modules/fit/size-chart-rules";
import { CSV_MESSAGES, type CsvAnswer } from "~/modules/product-admin/product-csv";
import { FIT_MESSAGES } from "~/modules/product-admin/product-form";
import { SIZE_CHART_MESSAGES } from "~/modules/product-admin/size-chart-admin.server";
import { consolePass, cookieHeader, signIn, signUp } from "../support/sessions";
import { databaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * The owner's size charts over HTTP (issue 29): created from the editor's table or from text pasted
 * from a spreadsheet, saved only over the version the form was opened from, deleted after saying how
 * many products lose them; every chart checked by the rules (a 400 that writes nothing), every write
 * announced to the caches, and nothing changed or read by anyone but the shop's admin.
 */

const ADMIN = { email: "owner@example.com", password: "OwnerPass123" };
const SHARED_PASSWORD = "Charts-Shared-2026";
const WRITE_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;

let server: TestServer;
let adminCookie = "";
let customerCookie = "";
let passHolderCookie = "";
let consoleCookie = "";
const announced: string[] = [];

const db = (): Db => server.services().database.db;

beforeAll(async () => {
  server = await startTestServer({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SECURE_ADMIN_PASSWORD: SHARED_PASSWORD,
    // The shared password in a role without this area (issue 32: SHARED_PASSWORD_ROLE; manager by default).
    SHARED_PASSWORD_ROLE: "fulfilment",
  });
  adminCookie = await signIn(server.url, ADMIN.email, ADMIN.password);
  customerCookie = (await signUp(server, "chart-shopper@example.com")).cookie;
  const holder = await signUp(server, "chart-pass-holder@example.com");
  const grant = await post(
    "/admin",
    new URLSearchParams({ intent: "admin-password", password: SHARED_PASSWORD }),
    holder.cookie,
  );
  expect(await grant.text()).toContain(ADMIN_ACCESS_MESSAGES.granted);
  passHolderCookie = `${holder.cookie}; ${cookieHeader(grant)}`;
  consoleCookie = await consolePass(server.url, SHARED_PASSWORD);
  server.services().events.on("catalog.changed", ({ reason, remote }) => {
    if (!remote) announced.push(reason);
  });
});

afterAll(async () => {
  await server?.stop();
});

function post(path: string, body: URLSearchParams, cookie = adminCookie, method = "POST") {
  return fetch(`${server.url}${path}`, {
    method,
    redirect: "manual",
    headers: { origin: server.url, cookie, "content-type": "application/x-www-form-urlencoded" },
    body,
  });
}

const get = (path: string, cookie = adminCookie) =>
  fetch(`${server.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });

/** The editor's form: a name, the table (columns, then rows of a size and its values), extra fields. */
function chartForm(
  name: string,
  measurements: string[],
  rows: [string, ...string[]][],
  extra: Record<string, string> = {},
): URLSearchParams {
  const body = new URLSearchParams({ intent: "save", name, howToMeasure: "", ...extra });
  for (const m of measurements) body.append("measurement", m);
  rows.forEach(([size, ...values], r) => {
    body.append("size", size);
    values.forEach((value, c) => body.append(cellName(r, c), value));
  });
  return body;
}

async function send(id: string, body: URLSearchParams, cookie = adminCookie, method = "POST") {
  const res = await post(`/admin/size-charts/${id}`, body, cookie, method);
  // The page's text as read: HTML's escapes undone, so messages with quotes compare as written.
  const text = (await res.text()).replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
  return { status: res.status, text };
}

async function chartNamed(name: string) {
  const [row] = await db().select().from(sizeCharts).where(eq(sizeCharts.name, name));
  return row;
}

async function create(name: string): Promise<string> {
  const answer = await send(
    "new",
    chartForm(
      name,
      ["chest", "length"],
      [
        ["S", "92", "70"],
        ["M", "96", "72"],
      ],
    ),
  );
  expect(answer.status, answer.text.slice(0, 300)).toBe(200);
  return (await chartNamed(name))!.id;
}

async function announcements(work: () => Promise<unknown>): Promise<string[]> {
  const from = announced.length;
  await work();
  return announced.slice(from);
}

const intent = (name: string, fields: Record<string, string> = {}) => new URLSearchParams({ intent: name, ...fields });

describe(`size charts in the back office (${databaseKind})`, () => {
  it("creates a chart from the editor's table, lists it and opens it", async () => {
    const said = await announcements(async () => {
      const answer = await send(
        "new",
        chartForm(
          "Knitwear",
          ["chest", "sleeve"],
          [
            [" S ", "92", "60.5"],
            ["M", "96.5", "62"],
            ["", "", ""],
          ],
          { howToMeasure: "Chest: around\r\nSleeve: from the shoulder" },
        ),
      );
      expect(answer.status, answer.text.slice(0, 300)).toBe(200);
      expect(answer.text).toContain(SIZE_CHART_MESSAGES.created);
    });
    expect(said).toEqual(["size chart created"]);
    const stored = await chartNamed("Knitwear");
    expect(stored).toMatchObject({
      measurements: ["chest", "sleeve"],
      rows: [
        { size: "S", values: [92, 60.5] },
        { size: "M", values: [96.5, 62] },
      ],
      howToMeasure: "Chest: around\nSleeve: from the shoulder",
      version: 1,
    });
    const list = await get("/admin/size-charts");
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain("Knitwear");
    expect(html).toContain("Chest, Sleeve");
    expect(html).toContain('href="/admin/size-charts"');
    const editor = await get(`/admin/size-charts/${stored!.id}`);
    expect(editor.status).toBe(200);
    expect(await editor.text()).toContain('value="96.5"');
  });

  it("creates a chart from text pasted from a spreadsheet, inches converted", async () => {
    const body = chartForm("Pasted jeans", [], [], { paste: "Size\tWaist (in)\tInseam\n30\t30\t81\n32\t32\t81 cm\n" });
    const answer = await send("new", body);
    expect(answer.status, answer.text.slice(0, 300)).toBe(200);
    expect(await chartNamed("Pasted jeans")).toMatchObject({
      measurements: ["waist", "inseam"],
      rows: [
        { size: "30", values: [76.2, 81] },
        { size: "32", values: [81.3, 81] },
      ],
    });
  });

  it("refuses a chart that breaks the rules with every problem (400), and writes nothing", async () => {
    const before = (await db().select({ n: count() }).from(sizeCharts))[0]!.n;
    const cases: [URLSearchParams, string][] = [
      [chartForm("", ["chest"], [["S", "90"]]), CHART_MESSAGES.nameRequired],
      [chartForm("Gappy", ["chest", "waist"], [["S", "90", ""]]), CHART_MESSAGES.missing("S", "waist")],
      [
        chartForm(
          "Twice",
          ["chest"],
          [
            ["M", "90"],
            ["m", "92"],
          ],
        ),
        CHART_MESSAGES.sizeRepeated("m"),
      ],
      [chartForm("Huge", ["chest"], [["S", "400"]]), CHART_MESSAGES.outOfRange("S", "chest")],
      [chartForm("Words", ["chest"], [["S", "wide"]]), CHART_MESSAGES.notANumber("S", "chest")],
      [chartForm("Neck", ["neck"], [["S", "40"]]), CHART_MESSAGES.unknownMeasurement("neck")],
      [chartForm("Bad paste", ["chest"], [["S", "90"]], { paste: "S\t90" }), PASTE_MESSAGES.noHeader],
    ];
    for (const [body, message] of cases) {
      const answer = await send("new", body);
      expect(answer.status, message).toBe(400);
      expect(answer.text).toContain(message);
    }
    expect((await db().select({ n: count() }).from(sizeCharts))[0]!.n).toBe(before);
  });

  it("refuses a second chart of the same name in another case (409)", async () => {
    await create("Outerwear");
    const answer = await send("new", chartForm("OUTERWEAR", ["chest"], [["S", "90"]]));
    expect(answer.status).toBe(409);
    expect(answer.text).toContain(SIZE_CHART_MESSAGES.nameTaken);
  });

  it("saves over the version the form was opened from, and refuses a stale form (409)", async () => {
    const id = await create("Shirts");
    const edited = chartForm(
      "Shirts",
      ["chest", "length"],
      [
        ["S", "92", "70"],
        ["M", "96", "73.5"],
        ["L", "100", "75"],
      ],
      { version: "1" },
    );
    const said = await announcements(async () => {
      const answer = await send(id, edited);
      expect(answer.status, answer.text.slice(0, 300)).toBe(200);
      expect(answer.text).toContain(SIZE_CHART_MESSAGES.saved);
    });
    expect(said).toEqual(["size chart saved"]);
    expect(await chartNamed("Shirts")).toMatchObject({ version: 2, rows: [{}, { values: [96, 73.5] }, { size: "L" }] });
    // The same form again is stale: someone (this save) moved the chart on.
    const stale = await send(id, chartForm("Shirts renamed", ["chest"], [["S", "1"]], { version: "1" }));
    expect(stale.status).toBe(409);
    expect(stale.text).toContain(SIZE_CHART_MESSAGES.stale.split(";")[0]!);
    expect((await chartNamed("Shirts"))!.version).toBe(2);
    // Saving what is stored changes nothing and announces nothing.
    const same = await announcements(async () => {
      edited.set("version", "2");
      const answer = await send(id, edited);
      expect(answer.text).toContain(SIZE_CHART_MESSAGES.unchanged);
    });
    expect(same).toEqual([]);
  });

  it("deletes a chart in use only when told how many products lose it, which lose it with a record", async () => {
    const id = await create("Going away");
    const users = await db().select({ id: products.id }).from(products).orderBy(asc(products.id)).limit(2);
    await db()
      .update(products)
      .set({ sizeChartId: id, garmentMeasurements: { M: { chest: 97 } } })
      .where(
        inArray(
          products.id,
          users.map((p) => p.id),
        ),
      );
    const editor = await (await get(`/admin/size-charts/${id}`)).text();
    expect(editor).toContain("Delete chart and remove it from 2 products");
    const wrong = await send(id, intent("delete", { inUse: "1" }));
    expect(wrong.status).toBe(409);
    expect(wrong.text).toContain(SIZE_CHART_MESSAGES.inUseChanged(2).split(":")[0]!);
    expect(await chartNamed("Going away")).toBeDefined();

    const said = await announcements(async () => {
      const answer = await send(id, intent("delete", { inUse: "2" }));
      expect(answer.status, answer.text.slice(0, 300)).toBe(200);
      expect(answer.text).toContain(SIZE_CHART_MESSAGES.removedFrom(2));
    });
    expect(said).toEqual(["size chart deleted"]);
    expect(await chartNamed("Going away")).toBeUndefined();
    const after = await db()
      .select({ chart: products.sizeChartId, garment: products.garmentMeasurements })
      .from(products)
      .where(
        inArray(
          products.id,
          users.map((p) => p.id),
        ),
      );
    expect(after).toEqual([
      { chart: null, garment: {} },
      { chart: null, garment: {} },
    ]);
    const records = await db()
      .select({ changes: productChanges.changes })
      .from(productChanges)
      .where(
        and(
          inArray(
            productChanges.productId,
            users.map((p) => p.id),
          ),
          sql`${productChanges.changes} ? 'sizeChart'`,
        ),
      );
    expect(records).toHaveLength(2);
    expect(records[0]!.changes).toMatchObject({ sizeChart: ["Going away", null] });
  });

  it("answers odd requests with words: another method, an unknown action, an unknown chart", async () => {
    const id = await create("Odd");
    expect((await send(id, intent("save"), adminCookie, "PUT")).status).toBe(405);
    const unknown = await send(id, intent("explode"));
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain("Unknown action");
    const missing = await send(
      "7c9e6679-7425-40de-944b-e07fc1f90ae7",
      chartForm("Missing", ["chest"], [["S", "90"]], { version: "1" }),
    );
    expect(missing.status).toBe(404);
    expect(missing.text).toContain(SIZE_CHART_MESSAGES.notFound);
    expect((await send("not-an-id", intent("delete", { inUse: "0" }))).status).toBe(404);
    expect((await send("new", intent("delete", { inUse: "0" }))).status).toBe(404);
    expect((await send(id, intent("delete", { inUse: "many" }))).status).toBe(400);
    expect((await get("/admin/size-charts/not-an-id")).status).toBe(404);
  });
});

describe(`a product's fit in the product editor (${databaseKind})`, () => {
  async function save(values: Record<string, unknown>) {
    const opened = (await (await get("/admin/products/editor?id=new")).json()) as { categories: { id: string }[] };
    const n = Math.random().toString(36).slice(2, 10);
    const res = await fetch(`${server.url}/admin/products/editor`, {
      method: "POST",
      headers: { cookie: adminCookie, origin: server.url, "content-type": "application/json" },
      body: JSON.stringify({
        intent: "save",
        target: "new",
        version: null,
        values: {
          name: `Fit tee ${n}`,
          slug: `fit-tee-${n}`,
          price: "20.00",
          sku: `FIT-${n}`,
          inventory: "3",
          sizes: ["S", "M"],
          categoryId: opened.categories[0]!.id,
          ...values,
        },
      }),
    });
    return { status: res.status, body: (await res.json()) as { message?: string; errors?: Record<string, string> } };
  }

  it("saves the chart, note, model and garment measurements; refuses a chart not there or a column not in it", async () => {
    const id = await create("Editor tees");
    const good = await save({
      sizeChartId: id,
      fitNote: "Relaxed",
      modelHeightCm: "180",
      modelSize: "M",
      garmentMeasurements: { M: { chest: "99", length: "" } },
    });
    expect(good.status, JSON.stringify(good.body)).toBe(201);
    const [stored] = await db()
      .select({ chart: products.sizeChartId, garment: products.garmentMeasurements, size: products.modelSize })
      .from(products)
      .where(eq(products.sizeChartId, id));
    expect(stored).toEqual({ chart: id, garment: { M: { chest: 99 } }, size: "M" });

    const gone = await save({ sizeChartId: "7c9e6679-7425-40de-944b-e07fc1f90ae7" });
    expect(gone.status).toBe(400);
    expect(gone.body.errors?.sizeChartId).toBe(FIT_MESSAGES.sizeChart);
    const stray = await save({ sizeChartId: id, garmentMeasurements: { M: { inseam: "80" } } });
    expect(stray.status).toBe(400);
    expect(stray.body.errors?.garmentMeasurements).toBe(FIT_MESSAGES.garmentMeasurement("inseam"));
    const wrongSize = await save({ sizeChartId: id, modelSize: "XL" });
    expect(wrongSize.status).toBe(400);
    expect(wrongSize.body.errors?.modelSize).toBe(FIT_MESSAGES.modelSize);
  });
});

async function csvPost(intent: string, csv: string, token = "") {
  const res = await fetch(`${server.url}/admin/products/csv?intent=${intent}&token=${encodeURIComponent(token)}`, {
    method: "POST",
    headers: { cookie: adminCookie, origin: server.url, "content-type": "text/csv" },
    body: csv,
    redirect: "manual",
  });
  return { status: res.status, body: (await res.json()) as CsvAnswer };
}

describe(`a product's chart and fit in the CSV (${databaseKind})`, () => {
  it("imports the chart by its name with the fit, exports them back, and refuses an unknown chart or size", async () => {
    await create("CSV tops");
    const [product] = await db()
      .select({ id: products.id, slug: products.slug, sizes: products.sizes })
      .from(products)
      .where(sql`cardinality(${products.sizes}) >= 2`)
      .orderBy(asc(products.slug))
      .limit(1);
    const size = product!.sizes[1]!;
    const header = "slug,size_chart,fit_note,model_height_cm,model_size";
    const csv = `${header}\n${product!.slug},csv TOPS,"Relaxed fit, size down for a close fit",185,${size}\n`;
    const preview = await csvPost("preview", csv);
    expect(preview.status).toBe(200);
    if (!preview.body.ok) throw new Error(JSON.stringify(preview.body));
    expect(preview.body.plan).toMatchObject({ update: 1, problems: [] });
    const imported = await csvPost("import", csv, preview.body.plan.token);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const chart = await chartNamed("CSV tops");
    const [stored] = await db()
      .select({
        chart: products.sizeChartId,
        note: products.fitNote,
        height: products.modelHeightCm,
        size: products.modelSize,
      })
      .from(products)
      .where(eq(products.id, product!.id));
    expect(stored).toEqual({ chart: chart!.id, note: "Relaxed fit, size down for a close fit", height: 185, size });

    // The export names the chart and says the fit, on the product's first row.
    const exported = await (await get("/admin/products/csv")).text();
    const rows = parse(exported, { bom: true }) as string[][];
    const columns = rows[0]!;
    const first = rows.find(
      (row) => row[columns.indexOf("slug")] === product!.slug && row[columns.indexOf("name")] !== "",
    )!;
    const cell = (name: string) => first[columns.indexOf(name)];
    expect([cell("size_chart"), cell("fit_note"), cell("model_height_cm"), cell("model_size")]).toEqual([
      "CSV tops",
      "Relaxed fit, size down for a close fit",
      "185",
      size,
    ]);

    // An unknown chart, or a model's size the product does not come in, is the row's problem.
    const refused = await csvPost("preview", `${header}\n${product!.slug},No such chart,,,\n`);
    expect(refused.body.ok && refused.body.plan.problems).toEqual([
      { row: 2, column: "size_chart", message: CSV_MESSAGES.unknownSizeChart("No such chart") },
    ]);
    const wrongSize = await csvPost("preview", `${header}\n${product!.slug},CSV tops,,180,5XL\n`);
    expect(wrongSize.body.ok && wrongSize.body.plan.problems).toEqual([
      { row: 2, column: "model_size", message: FIT_MESSAGES.modelSize },
    ]);
    // Clearing the cells clears the fit.
    const clear = `${header}\n${product!.slug},,,,\n`;
    const plan = await csvPost("preview", clear);
    if (!plan.body.ok) throw new Error(JSON.stringify(plan.body));
    expect((await csvPost("import", clear, plan.body.plan.token)).status).toBe(200);
    const [cleared] = await db()
      .select({ chart: products.sizeChartId, note: products.fitNote, size: products.modelSize })
      .from(products)
      .where(eq(products.id, product!.id));
    expect(cleared).toEqual({ chart: null, note: "", size: null });
  });
});

describe(`nobody but the shop's admin changes or reads size charts (${databaseKind})`, () => {
  it("refuses every write to visitors, customers, pass holders and the console, whatever the URL, method or body", async () => {
    const id = await create("Guarded chart");
    const snapshot = async () => ({
      charts: await db().select().from(sizeCharts).orderBy(asc(sizeCharts.id)),
      products: await db()
        .select({ id: products.id, chart: products.sizeChartId })
        .from(products)
        .orderBy(asc(products.id)),
    });
    const before = await snapshot();
    const bodies: Record<(typeof SIZE_CHART_INTENTS)[number], URLSearchParams> = {
      save: chartForm("Taken over", ["chest"], [["S", "90"]], { version: "1" }),
      delete: intent("delete", { inUse: "0" }),
    };
    const senders = { visitor: "", customer: customerCookie, "pass holder": passHolderCookie, console: consoleCookie };
    const said = await announcements(async () => {
      for (const [who, cookie] of Object.entries(senders)) {
        for (const target of [id, "new"]) {
          for (const path of [`/admin/size-charts/${target}`, `/admin/size-charts/${target}.data`]) {
            for (const [name, body] of Object.entries(bodies)) {
              for (const method of WRITE_METHODS) {
                const res = await post(path, body, cookie, method);
                const text = await res.text();
                expect([202, 302, 303, 401, 403, 404, 405], `${who} ${method} ${path} ${name}`).toContain(res.status);
                if (res.status === 302) expect(res.headers.get("location")).toBe("/");
                for (const message of [SIZE_CHART_MESSAGES.created, SIZE_CHART_MESSAGES.saved, "deleted"]) {
                  expect(text, `${who} ${method} ${path} ${name}`).not.toContain(message);
                }
              }
            }
          }
        }
        for (const path of [
          "/admin/size-charts",
          "/admin/size-charts.data",
          `/admin/size-charts/${id}`,
          `/admin/size-charts/${id}.data`,
        ]) {
          const res = await get(path, cookie);
          expect(await res.text(), `${who} ${path}`).not.toContain("Guarded chart");
        }
      }
    });
    expect(said).toEqual([]);
    expect(await snapshot()).toEqual(before);
    expect(await chartNamed("Taken over")).toBeUndefined();
  });
});
