/**
 * `npm run lint`'s check of the modules' dependencies (app/modules/<name>/): a module may use another
 * only one way. ESLint's import-x/no-cycle sees loops between files; this sees them between modules —
 * accounts importing notifications for its mails while a notification template imported accounts for a
 * country's name was a loop of modules through files that formed none. Prints each loop with one import
 * of every step, and exits 1 when there is one.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { moduleLoops, type ModuleImport } from "./module-graph";

const root = path.resolve(import.meta.dirname, "..");
const modulesDir = path.join(root, "app", "modules");

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

const imports: ModuleImport[] = [];
for (const file of filesUnder(modulesDir)) {
  const from = path.relative(modulesDir, file).split(path.sep)[0]!;
  const text = readFileSync(file, "utf8");
  for (const match of text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']/gm)) {
    const spec = match[1]!;
    let target: string | null = null;
    if (spec.startsWith("~/modules/")) target = spec.slice("~/modules/".length).split("/")[0]!;
    else if (spec.startsWith(".")) {
      const resolved = path.relative(modulesDir, path.resolve(path.dirname(file), spec));
      if (!resolved.startsWith("..")) target = resolved.split(path.sep)[0]!;
    }
    if (target && target !== from) imports.push({ from, to: target, file: path.relative(root, file), spec });
  }
}

const loops = moduleLoops(imports);
if (loops.length === 0) {
  console.log(`modules: ${new Set(imports.flatMap((i) => [i.from, i.to])).size} modules, no loop between them`);
} else {
  for (const loop of loops) {
    console.error(`modules form a loop: ${loop.modules.join(" → ")} → ${loop.modules[0]}`);
    for (const step of loop.steps) console.error(`  ${step.from} → ${step.to}: ${step.file} imports "${step.spec}"`);
  }
  process.exit(1);
}
