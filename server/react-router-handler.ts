import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { requestUrl } from "./request-url";
import { backOfficePrefixes, isUnder, withoutRoutesUnder } from "./storefront-routes";
import type { WorkInFlight } from "./work-in-flight";

/**
 * React Router behind Express: what `@react-router/express` does, but the request's signal does not
 * abort when the client goes away (docs/decisions/0022).
 *
 * React Router races every loader and action against that signal and stops waiting once it fires, while
 * the handler runs on. A server that stops could then close its database under an action still writing,
 * a payment whose shopper closed the tab, and nothing would know. Here React Router waits for its handlers,
 * so `work` holds each request until its loaders, its action and its answer are done. A request whose
 * client left before its render started is dropped earlier, by the render queue.
 */
export function reactRouterHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
  work: WorkInFlight;
}) {
  const handle = handlerFor(options.build);
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    void options.work.track(
      (async () => {
        try {
          const response = await handle(req.path)(webRequest(req), options.getLoadContext(req, res));
          await send(res, response);
        } catch (error) {
          next(error);
        }
      })(),
    );
  };
}

type Handle = ReturnType<typeof createRequestHandler>;

/**
 * The handler of a request's path. A build given as such gets two (storefront-routes.ts): the back office's
 * paths and route discovery's manifest requests go to the whole route table, every other request to the
 * storefront's own. A build loaded per request (development) gets one.
 */
function handlerFor(build: ServerBuild | (() => Promise<ServerBuild>)): (pathname: string) => Handle {
  const whole = createRequestHandler(build, process.env.NODE_ENV);
  if (typeof build === "function") return () => whole;
  const prefixes = backOfficePrefixes(build);
  const storefront = createRequestHandler(withoutRoutesUnder(build, prefixes), process.env.NODE_ENV);
  const manifestPath = build.routeDiscovery.mode === "lazy" ? build.routeDiscovery.manifestPath : null;
  return (pathname) => (pathname === manifestPath || isUnder(prefixes, pathname) ? whole : storefront);
}

/**
 * The web `Request` for an Express request: its address as `@react-router/express` builds it (protocol and
 * host through the trusted proxies, the port of the forwarded host or else of `Host`), its headers, its body.
 */
function webRequest(req: ExpressRequest): Request {
  const url = requestUrl(req);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  const withBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(url.href, {
    method: req.method,
    headers,
    ...(withBody ? { body: createReadableStreamFromReadable(req), duplex: "half" } : {}),
  } as RequestInit);
}

/** Writes React Router's answer; a client that has gone gets nothing (and the body is released). */
async function send(res: ExpressResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!(res.destroyed || res.writableEnded)) throw error;
  }
}
