import { text as readText } from "node:stream/consumers";
import { renderToString } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
} from "react-router";
import { REQUEST_ID_HEADER } from "./lib/http/error-answer.server";
import { log } from "./lib/log.server";
import { NonceContext } from "./lib/nonce";
import { deferPageModules } from "./lib/render/deferred-modules";
import { inLatin1 } from "./lib/render/latin1.server";
import { SharedMarkupContext } from "./lib/render/shared-markup";
import { SharedMarkupCache } from "./lib/render/shared-markup.server";

/** Parts of pages shared between viewers, kept while the catalogue data they show is (decision 0043). */
export const sharedMarkup = new SharedMarkupCache();

/** How long React Router lets a loader's deferred promise run before it rejects it (none of ours defers). */
export const streamTimeout = 5_000;

/**
 * A document in one piece. Every loader has its data before the render (nothing is deferred), so the
 * page is rendered as one string, once the hydration data is in: `renderToString` appends React's markup
 * to a string where the streaming renderer encoded each of its thousands of small chunks into bytes one
 * by one (a typed-array view and an `encodeInto` each). Same document, byte for byte, for a quarter less
 * CPU per render (docs/decisions/0019).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce || undefined;
  await readHydrationData(routerContext);
  const shared = sharedMarkup.forRender();
  // One byte a character from here on: every copy below is half the size (decision 0050).
  const rendered = inLatin1(
    `<!DOCTYPE html>${renderToString(
      <NonceContext.Provider value={nonce}>
        <SharedMarkupContext.Provider value={shared}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </SharedMarkupContext.Provider>
      </NonceContext.Provider>,
    )}`,
  );
  // The back office hydrates at once; a storefront page once its first screen is shown (decision 0045).
  const document = isBackOffice(routerContext) ? rendered : deferPageModules(rendered);
  // Only a page answered as asked keeps markup: an error page renders no shared region anyway.
  if (responseStatusCode === 200) shared.collect(document);
  const html = Buffer.from(document);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Content-Length", String(html.length));
  return new Response(html, { headers: responseHeaders, status: responseStatusCode });
}

/** Whether the page is in the back office (its layout route's `handle` says so). */
function isBackOffice(context: EntryContext): boolean {
  return context.staticHandlerContext.matches.some(
    (match) => (context.routeModules[match.route.id]?.handle as { backOffice?: boolean } | undefined)?.backOffice,
  );
}

/**
 * Reads the route data React Router serialises for hydration (its turbo-stream) to the end, and hands it
 * to the `<StreamTransfer>` that `<ServerRouter>` renders, through the stream cache of `renderMeta` that
 * component consults first. Otherwise it would read the stream during the render, suspending at each
 * chunk, and the synchronous renderer would leave the data out. Two entries, as the stream would give
 * them: the whole text, then the end.
 */
async function readHydrationData(context: EntryContext): Promise<void> {
  if (!context.serverHandoffStream) return;
  // Read to its end and unlocked again, for the `getReader()` of `<ServerRouter>`.
  const text = await readText(context.serverHandoffStream);
  const settled = (result: { done: boolean; value: string }) => Object.assign(Promise.resolve(), { result });
  (context.renderMeta ??= {}).streamCache = {
    0: settled({ done: false, value: text }),
    1: settled({ done: true, value: "" }),
  };
}

/**
 * What React Router reports while it answers a request, as one log line (issue 27, fault 10).
 *
 * Its own refusals — a POST to a page that has no action (405), a GET of a route that has no loader
 * (400) — are the client's mistake, and the access line records their status: no stack. Their message
 * names the route's internal id ("…did not provide an `action` for route "routes/shop-all"…"), and
 * React Router would put it in the page; it is replaced here, before the answer is written, by the
 * status's own words. Anything else is one error line with the request's id.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  const reqId = request.headers.get(REQUEST_ID_HEADER) ?? undefined;
  if (isRouteErrorResponse(error) && (error as { internal?: boolean }).internal) {
    const words = error.statusText || "Bad Request";
    const refusal = error as { data: unknown; error?: Error };
    refusal.data = words;
    refusal.error = Object.assign(new Error(words), { stack: undefined });
    log.debug({ reqId, status: error.status }, "request refused by the router");
    return;
  }
  log.error(
    { reqId, err: isRouteErrorResponse(error) ? (error as { error?: unknown }).error : error },
    "request failed",
  );
};
