import cluster from "node:cluster";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { constants as zlibConstants } from "node:zlib";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import type { AppConfig } from "~/lib/config/config.server";
import { log, setLogLevel } from "~/lib/log.server";
import { takesUploads } from "~/lib/http/body-limits";
import { projectRoot } from "~/lib/paths.server";
import { CLIENT_IP_HEADER } from "~/modules/accounts/auth.server";
import { services, startServices, stopServices, type StartReport } from "~/services.server";
import { observeRequests, type RequestObserver } from "./access-log";
import { configOrExit } from "./config-or-exit";
import { fillPageCache } from "./cache-middleware";
import { expressInstances } from "./express-instances";
import type { WorkerReady } from "./cluster";
import { serveMedia } from "./media";
import { createMetrics } from "./metrics";
import { answerMetrics, metricsReader } from "./metrics-http";
import { BROTLI_WINDOW_BITS, PageCache } from "./page-cache";
import { readiness, type Readiness } from "./readiness";
import { reactRouterHandler } from "./react-router-handler";
import { renderQueue, type RenderQueue } from "./render-queue";
import { routeLabeler } from "./route-labels";
import { workInFlight, type WorkInFlight } from "./work-in-flight";
import { requestLimits } from "./request-limits";
import { baseSecurityHeaders, contentSecurityPolicy, cspNonce, sameOriginWrites } from "./security";

declare module "react-router" {
  interface AppLoadContext {
    cspNonce: string;
  }
}

/** How long a stopping server waits, once its connections are closed, for the requests still being handled. */
const STOP_WORK_GRACE_MS = 5_000;

export interface RunningServer {
  server: Server;
  url: string;
  pageCache: PageCache;
  stop(): Promise<void>;
}

/** What the app reports to: the access log and metrics, readiness, and the /metrics answer. */
interface Observation {
  requests: RequestObserver;
  ready: Readiness;
  queue: RenderQueue;
  readMetrics: () => Promise<string>;
}

/** The HTTP application: health, static files, page cache, security headers, React Router. */
export function createApp(
  config: AppConfig,
  pageCache: PageCache,
  work: WorkInFlight,
  build: ServerBuild | undefined,
  observation: Observation,
  vite?: ViteDevServer,
) {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  app.use(observation.requests.middleware);
  app.use(baseSecurityHeaders({ https: config.publicUrl.startsWith("https://") }));

  app.get("/healthz", async (_req, res) => {
    // The timer goes with the answer: left to run, each check's would hold it for two seconds.
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        services().database.ping(),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("timeout")), 2_000))),
      ]);
      res.set("Cache-Control", "no-store").json({ status: "ok" });
    } catch {
      res.status(503).set("Cache-Control", "no-store").json({ status: "unavailable" });
    } finally {
      clearTimeout(timer);
    }
  });

  // Ready for traffic: started, not stopping, and the database answers (docs/operations.md).
  app.get("/readyz", (_req, res) => void observation.ready.answer(res));
  // Prometheus, with METRICS_TOKEN as a bearer token; 404 when no token is set (METRICS_PORT serves it then).
  app.get("/metrics", (req, res) =>
    answerMetrics(req, res, { token: config.metrics.token, open: false, read: observation.readMetrics }),
  );

  app.use(requestLimits);
  // Uploaded photos (WebP, not worth compressing), in development too.
  app.use("/media", serveMedia(services().media.storage));
  app.use(compression({ brotli: { params: { [zlibConstants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS } } }));
  if (vite) {
    app.use(vite.middlewares);
  } else {
    // Only the build's own folders are looked up on disk; pages never touch the file system.
    const client = path.join(projectRoot(), process.env.BUILD_DIR || "build", "client");
    app.use(
      "/assets",
      express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y", fallthrough: false }),
    );
    app.use("/images", express.static(path.join(client, "images"), { maxAge: "7d", fallthrough: false }));
    app.get("/favicon.svg", (_req, res) => res.sendFile(path.join(client, "favicon.svg"), { maxAge: "1d" }));
  }

  app.use(cspNonce);
  // The client's address as we see it (socket, or trusted proxies per TRUST_PROXY), for rate limits;
  // any value a client sent under this name is replaced. (The request's id is given first: access-log.ts.)
  app.use((req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? "";
    next();
  });
  if (!vite) app.use(contentSecurityPolicy({ https: config.publicUrl.startsWith("https://") }));
  app.use(sameOriginWrites(config.publicUrl));
  app.use(fillPageCache(pageCache));
  // An upload waits on the sender's network, not on rendering: it takes no place in the queue.
  app.use(observation.queue);
  app.use(
    reactRouterHandler({
      // Development loads the build per request (so edits show); production hands over the build itself,
      // since given a loader function React Router derives its handler, route table included, for every
      // request (8 % of a /shop render's CPU).
      build: build ?? (() => import("virtual:react-router/server-build")),
      getLoadContext: (_req, res) => ({ cspNonce: String(res.locals.cspNonce) }),
      work,
    }),
  );
  // Refusals and failures of the handlers above (static files, limits): one line each, no stack for a client's.
  app.use(observation.requests.errors);
  return app;
}

function banner(config: AppConfig, url: string, report: StartReport, kind: string): string {
  const db =
    kind === "pglite"
      ? `embedded PostgreSQL (PGlite) in ${path.join(config.dataDir, "pg")}`
      : "PostgreSQL (DATABASE_URL)";
  const seed = report.seed.seeded
    ? `loaded the demo catalogue (${report.seed.products} products)`
    : `catalogue kept as it is (${report.seed.reason})`;
  const adminPassword = config.admin.passwordGenerated ? config.admin.password : "(the ADMIN_PASSWORD you set)";
  const securePassword = config.secureAdminPasswordGenerated
    ? config.secureAdminPassword
    : "(the SECURE_ADMIN_PASSWORD you set)";
  return [
    "",
    `  Abundance Collection is running at ${url}`,
    `  Database:               ${db}; ${seed}`,
    `  Admin sign-in:          ${config.admin.email} / ${adminPassword}   (${config.publicUrl}/login)`,
    `  Secure-admin password:  ${securePassword}   (${config.publicUrl}/secure-admin)`,
    "",
  ].join("\n");
}

export type StartOptions = { vite?: ViteDevServer; env?: Record<string, string | undefined>; quiet?: boolean };

/** Starts everything: configuration, database (migrated, seeded), admin account, HTTP server. */
export async function start(options: StartOptions = {}): Promise<RunningServer> {
  const config = configOrExit(options.env ?? process.env);
  setLogLevel(config.logLevel);
  const ready = readiness(currentDatabase);
  // The ops port (METRICS_PORT) answers from now on: /readyz says 503 "starting" while migrations run.
  const late: { readMetrics?: () => Promise<string> } = {};
  const opsServer = await listenForOps(config, ready, () =>
    late.readMetrics ? late.readMetrics() : Promise.reject(new Error("the server is starting")),
  );

  const { services: running, report } = await startServices(config).catch(async (error: unknown) => {
    await closeServer(opsServer);
    throw error;
  });
  const pageCache = new PageCache(options.vite ? 0 : config.pageCacheSeconds, { maxBytes: config.cacheBytes.pages });
  // Emptied with the catalogue's read caches: services().catalog.invalidateCatalog() publishes this event.
  running.events.on("catalog.changed", () => pageCache.clear());
  const build = options.vite ? undefined : await import("virtual:react-router/server-build");
  const work = workInFlight();
  const routes = build ?? (await import("virtual:react-router/server-build"));
  const metrics = createMetrics({
    pageCache,
    // The build's entry (app/entry.server.tsx) keeps the shared markup; under --dev it is reloaded.
    sharedMarkup: () => (routes.entry.module as { sharedMarkup?: { hits: number; misses: number } }).sharedMarkup,
    renderQueue: { running: () => queue.running, waiting: () => queue.waiting },
    database: currentDatabase,
  });
  // An upload waits on the sender's network, not on rendering: it takes no place in the queue.
  const queue = renderQueue(config.renderConcurrency, {
    skip: (req) => takesUploads(req.path),
    waited: (ms) => metrics.renderWaited(ms / 1000),
  });
  const readShopMetrics = metricsReader(metrics.registry);
  late.readMetrics = readShopMetrics;
  const requests = observeRequests({ label: routeLabeler(routes.routes), metrics });
  const app = createApp(
    config,
    pageCache,
    work,
    build,
    { requests, ready, queue, readMetrics: readShopMetrics },
    options.vite,
  );

  // Cache hits are answered before Express sees the request: that is most guest traffic.
  const server = createServer(expressInstances(app), (req, res) => {
    const started = performance.now();
    if (pageCache.tryServe(req, res)) requests.cacheHit(req, res, started);
    else app(req, res);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, resolve);
  }).catch(async (error: unknown) => {
    // The port is taken (or not ours): nothing keeps running behind the error, database and workers included.
    await stopServices();
    await closeServer(opsServer);
    throw error;
  });
  ready.started();
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const url = `http://localhost:${port}`;
  const text = banner(config, url, report, running.database.kind);
  // For the person who started it (the admin's sign-in): plain text on stdout, not a log line.
  if (!options.quiet) process.stdout.write(`${text}\n`);
  log.info({ url, database: running.database.kind, seeded: report.seed.seeded }, "server started");
  if (cluster.isWorker)
    process.send?.({ type: "abundance:ready", banner: text, seeded: report.seed.seeded } satisfies WorkerReady);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      // Load balancers asking /readyz hear 503 from now on (on connections still open, and the ops port).
      ready.stopping();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 3_000).unref();
      });
      // A request whose connection was closed under it may still be in its loaders or its action.
      await work.settled(STOP_WORK_GRACE_MS);
      await stopServices();
      await closeServer(opsServer);
    })());
  return { server, url, pageCache, stop };
}

/**
 * METRICS_PORT in a process that serves the shop itself: /metrics (no token needed unless METRICS_TOKEN
 * is set), /readyz and /healthz, on METRICS_HOST, from before the database is opened. In a cluster the
 * primary listens on it instead (server/cluster.ts), and a worker does not.
 */
async function listenForOps(
  config: AppConfig,
  ready: Readiness,
  read: () => Promise<string>,
): Promise<Server | undefined> {
  if (config.metrics.port === undefined || cluster.isWorker) return undefined;
  const ops = createServer((req, res) => {
    const path = (req.url ?? "/").split("?", 1)[0];
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, HEAD", "Content-Type": "text/plain" }).end("Method Not Allowed");
    } else if (path === "/metrics") {
      void answerMetrics(req, res, { token: config.metrics.token, open: true, read });
    } else if (path === "/readyz") {
      void ready.answer(res);
    } else if (path === "/healthz") {
      res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" });
      res.end(JSON.stringify({ status: "ok" }));
    } else {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not Found");
    }
  });
  await new Promise<void>((resolve, reject) => {
    ops.once("error", reject);
    ops.listen(config.metrics.port, config.metrics.host, resolve);
  });
  return ops;
}

/** The database of the running services; none before they start or once they are stopped. */
function currentDatabase() {
  try {
    return services().database;
  } catch {
    return undefined;
  }
}

function closeServer(server: Server | undefined): Promise<void> {
  if (!server) return Promise.resolve();
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
