import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  installedPgliteVersion,
  templateFileName,
  templateFolder,
  templateFor,
  unpackPgliteTemplate,
} from "~/lib/db/pglite-template.server";

const folders: string[] = [];
function scratch() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "abundance-template-"));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the embedded database's empty cluster (issue 27)", () => {
  it("is in the repository for the installed PGlite, and no other version's is", () => {
    const version = installedPgliteVersion();
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
    // After upgrading @electric-sql/pglite: `npm run db:template`, and commit the file it writes.
    expect(templateFor(version), `no ${templateFileName(version)}: run npm run db:template`).toBeDefined();
    expect(readdirSync(templateFolder())).toEqual([templateFileName(version)]);
  });

  it("is unpacked into a data folder that does not exist yet, whole, with nothing left beside it", async () => {
    const parent = scratch();
    const dir = path.join(parent, "pg");
    expect(await unpackPgliteTemplate(dir)).toBe("unpacked");
    expect(existsSync(path.join(dir, "PG_VERSION"))).toBe(true);
    expect(existsSync(path.join(dir, "global", "pg_control"))).toBe(true);
    expect(readdirSync(parent)).toEqual(["pg"]);
  });

  it("is unpacked into an empty folder, and an interrupted unpacking's leftovers are removed", async () => {
    const parent = scratch();
    const dir = path.join(parent, "pg");
    mkdirSync(dir);
    mkdirSync(path.join(parent, "pg.unpacking-abc123", "base"), { recursive: true });
    expect(await unpackPgliteTemplate(dir)).toBe("unpacked");
    expect(existsSync(path.join(dir, "PG_VERSION"))).toBe(true);
    expect(readdirSync(parent)).toEqual(["pg"]);
  });

  it("leaves a folder that holds files alone", async () => {
    const dir = path.join(scratch(), "pg");
    mkdirSync(dir);
    writeFileSync(path.join(dir, "something"), "x");
    expect(await unpackPgliteTemplate(dir)).toMatch(/is not empty/);
    expect(readdirSync(dir)).toEqual(["something"]);
  });

  it("says so when there is no template for a PGlite version", async () => {
    const dir = path.join(scratch(), "pg");
    expect(await unpackPgliteTemplate(dir, "0.0.1")).toMatch(/no database template for PGlite 0\.0\.1/);
    expect(existsSync(dir)).toBe(false);
  });
});
