/**
 * `npm run db:template`: makes the empty cluster the embedded database's first start unpacks instead of
 * running initdb (app/lib/db/pglite-template.server.ts), for the installed PGlite, and removes the
 * templates of other versions. Run it after upgrading `@electric-sql/pglite` (a unit test says so) and
 * commit the file. The cluster is made by PGlite itself, as a first start without a template would make it
 * (this process peaks at ~800 MB doing so), and stored as a tar compressed with Brotli's largest window,
 * which finds the three near-identical databases (template0, template1, postgres) in one another.
 */
import { createWriteStream, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { constants, createBrotliCompress } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { pack } from "tar-fs";
import { installedPgliteVersion, templateFileName, templateFolder } from "~/lib/db/pglite-template.server";

const version = installedPgliteVersion();
const work = mkdtempSync(path.join(os.tmpdir(), "abundance-pglite-template-"));
try {
  const dir = path.join(work, "pg");
  const pg = await PGlite.create(dir);
  await pg.close();

  const folder = templateFolder();
  mkdirSync(folder, { recursive: true });
  for (const old of readdirSync(folder).filter((name) => /^pglite-.*\.tar\.br$/.test(name)))
    rmSync(path.join(folder, old));
  const file = path.join(folder, templateFileName(version));
  await pipeline(
    pack(dir),
    createBrotliCompress({
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_LGWIN]: 24 },
    }),
    createWriteStream(file),
  );
  console.log(`${path.relative(process.cwd(), file)}: ${(statSync(file).size / 2 ** 20).toFixed(1)} MB`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
