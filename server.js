// Launches the store. `node server.js` serves the production build made by `react-router build`;
// `node server.js --dev` serves the source through Vite's dev middleware, with HMR.
import v8 from "node:v8";

const development = process.argv.includes("--dev");

// Memory (issue 15): left to itself, V8 lets the heap grow to up to four times what survived the last
// full collection before it collects again, on a machine with memory to spare: under the bench's load,
// 250 MB of heap for 80 MB of live objects. A fixed factor of 1.5 keeps it near what is live, with the
// same throughput (README, Speed). V8 reads this flag at every collection, so it can be set here.
v8.setFlagsFromString("--heap-growing-percent=50");
// Latency under load (issue 33, decision 0049): V8 learns from a few early collections that React's
// elements and React Router's route objects outlive the young generation, and from then on allocates
// them in the old one, where every render's dead elements wait for a full collection. Without that
// guess they die young: a render costs ~10 % less CPU and full collections, each a pause every answer
// in line waits for, come a third less often. V8 reads this flag at every collection.
v8.setFlagsFromString("--no-allocation-site-pretenuring");

// NODE_ENV as the operator set it is the shop's mode (production rules: required secrets, no demo
// payments); the libraries themselves always run their optimised builds outside --dev.
// Cluster workers (WEB_CONCURRENCY) run this file again with this process's environment: the mode is
// kept aside for them, since NODE_ENV is rewritten just below.
const shopMode = process.env.ABUNDANCE_SHOP_MODE || process.env.NODE_ENV || "development";
process.env.ABUNDANCE_SHOP_MODE = shopMode;
process.env.NODE_ENV = development ? "development" : "production";
const env = { ...process.env, NODE_ENV: shopMode };
// Log lines are JSON (app/lib/log.server.ts); under --dev, printed for a person by pino-pretty.
if (development) process.env.ABUNDANCE_LOG_PRETTY ??= "1";

const entry = development
  ? await (async () => {
      const vite = await import("vite").then((m) => m.createServer({ server: { middlewareMode: true } }));
      return { mod: await vite.ssrLoadModule("./server/app.ts"), vite };
    })()
  : { mod: await import(`./${process.env.BUILD_DIR || "build"}/server/index.js`), vite: undefined };

const running = await entry.mod.main({ vite: entry.vite, env });

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    running.stop().then(
      () => process.exit(0),
      (error) => {
        console.error("Shutdown failed:", error);
        process.exit(1);
      },
    );
  });
}
