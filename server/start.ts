import cluster from "node:cluster";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { constants as zlibConstants } from "node:zlib";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import type { AppConfig } from "~/lib/config/config.server";
import { takesUploads } from "~/lib/http/body-limits";
import { REQUEST_ID_HEADER } from "~/lib/http/error-answer.server";
import { projectRoot } from "~/lib/paths.server";
import { CLIENT_IP_HEADER } from "~/modules/accounts/auth.server";
import { services, startServices, stopServices, type StartReport } from "~/services.server";
import { configOrExit } from "./config-or-exit";
import { fillPageCache } from "./cache-middleware";
import { expressInstances } from "./express-instances";
import type { WorkerReady } from "./cluster";
import { serveMedia } from "./media";
import { BROTLI_WINDOW_BITS, PageCache } from "./page-cache";
import { randomToken } from "./random-tokens";
import { reactRouterHandler } from "./react-router-handler";
import { renderQueue } from "./render-queue";
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

/** The HTTP application: health, static files, page cache, security headers, React Router. */
export function createApp(
  config: AppConfig,
  pageCache: PageCache,
  work: WorkInFlight,
  build: ServerBuild | undefined,
  vite?: ViteDevServer,
) {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
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
  // The client's address as we see it (socket, or trusted proxies per TRUST_PROXY), for rate limits,
  // and the request's id, which error messages show and the log records beside the detail; any value
  // a client sent under these names is replaced.
  app.use((req, res, next) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? "";
    const requestId = randomToken(6, "hex");
    req.headers[REQUEST_ID_HEADER] = requestId;
    res.setHeader("X-Request-Id", requestId);
    next();
  });
  if (!vite) app.use(contentSecurityPolicy({ https: config.publicUrl.startsWith("https://") }));
  app.use(sameOriginWrites(config.publicUrl));
  app.use(fillPageCache(pageCache));
  // An upload waits on the sender's network, not on rendering: it takes no place in the queue.
  app.use(renderQueue(config.renderConcurrency, { skip: (req) => takesUploads(req.path) }));
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

  const { services: running, report } = await startServices(config);
  const pageCache = new PageCache(options.vite ? 0 : config.pageCacheSeconds, { maxBytes: config.cacheBytes.pages });
  // Emptied with the catalogue's read caches: services().catalog.invalidateCatalog() publishes this event.
  running.events.on("catalog.changed", () => pageCache.clear());
  const build = options.vite ? undefined : await import("virtual:react-router/server-build");
  const work = workInFlight();
  const app = createApp(config, pageCache, work, build, options.vite);

  // Cache hits are answered before Express sees the request: that is most guest traffic.
  const server = createServer(expressInstances(app), (req, res) => {
    if (!pageCache.tryServe(req, res)) app(req, res);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, resolve);
  }).catch(async (error: unknown) => {
    // The port is taken (or not ours): nothing keeps running behind the error, database and workers included.
    await stopServices();
    throw error;
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const url = `http://localhost:${port}`;
  const text = banner(config, url, report, running.database.kind);
  if (!options.quiet) console.log(text);
  if (cluster.isWorker)
    process.send?.({ type: "abundance:ready", banner: text, seeded: report.seed.seeded } satisfies WorkerReady);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 3_000).unref();
      });
      // A request whose connection was closed under it may still be in its loaders or its action.
      await work.settled(STOP_WORK_GRACE_MS);
      await stopServices();
    })());
  return { server, url, pageCache, stop };
}
