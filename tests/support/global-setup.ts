import { existsSync } from "node:fs";
import path from "node:path";

/** HTTP integration tests run the production server bundle; `npm test` builds it first. */
export default function setup() {
  const bundle = path.resolve(process.env.BUILD_DIR || "build", "server/index.js");
  if (!existsSync(bundle)) {
    throw new Error("build/server/index.js is missing: run `npm run build` (npm test does it for you)");
  }
}
