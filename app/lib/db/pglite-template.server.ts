import {
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createBrotliDecompress } from "node:zlib";
import { extract } from "tar-fs";
import { projectRoot } from "../paths.server";

/**
 * The embedded database's first start without initdb (issue 27, decision 0017). On an empty folder PGlite
 * runs initdb in a second WebAssembly PostgreSQL, copies that one's whole 128 MB heap to restore it before
 * each of initdb's steps, builds the new cluster in memory and copies it to disk as a tar: ~650 MB on top
 * of the server, a 773 MB peak for the shop's first start. The cluster initdb makes is the same for every
 * shop on a given PGlite release, so the repository keeps it, made once by `npm run db:template`
 * (scripts/pglite-template.ts) as a Brotli-compressed tar (`db/pglite-template/pglite-<version>.tar.br`,
 * 1.3 MB); a first start streams it into the data folder (a few MB of memory) and PGlite opens it as an
 * existing database. Without a template for the installed PGlite, PGlite's own initdb runs, as before.
 */
export const templateFolder = () => path.join(projectRoot(), "db", "pglite-template");

export const templateFileName = (version: string) => `pglite-${version}.tar.br`;

/** The installed `@electric-sql/pglite`'s version (its package.json, which the package does not export). */
export function installedPgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  for (;;) {
    const file = path.join(dir, "package.json");
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string };
      if (manifest.name === "@electric-sql/pglite" && manifest.version) return manifest.version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("@electric-sql/pglite's package.json not found");
    dir = parent;
  }
}

/** The template for a PGlite version, if the repository has one. */
export function templateFor(version: string): string | undefined {
  const file = path.join(templateFolder(), templateFileName(version));
  return existsSync(file) ? file : undefined;
}

/**
 * Puts the template's empty cluster at `dir` when `dir` holds no database yet (missing or an empty folder)
 * and a template for `version` exists; answers "unpacked", or why not. It is unpacked beside `dir` and
 * renamed into place, so a start stopped half-way leaves no half cluster for the next start to trust (its
 * leftovers are removed then).
 */
export async function unpackPgliteTemplate(dir: string, version = installedPgliteVersion()): Promise<string> {
  const file = templateFor(version);
  if (!file) return `no database template for PGlite ${version} (npm run db:template makes it)`;
  const parent = path.dirname(dir);
  const partialPrefix = `${path.basename(dir)}.unpacking-`;
  mkdirSync(parent, { recursive: true });
  for (const leftover of readdirSync(parent).filter((name) => name.startsWith(partialPrefix)))
    rmSync(path.join(parent, leftover), { recursive: true, force: true });
  if (existsSync(dir) && readdirSync(dir).length > 0) return `${dir} is not empty but holds no database`;

  const partial = mkdtempSync(path.join(parent, partialPrefix));
  try {
    await pipeline(createReadStream(file), createBrotliDecompress(), extract(partial));
    if (existsSync(dir)) rmSync(dir, { recursive: true });
    renameSync(partial, dir);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
  return "unpacked";
}
