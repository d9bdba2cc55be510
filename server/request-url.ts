import type { Request as ExpressRequest } from "express";

/**
 * The address an Express request was sent to, as `@react-router/express` builds it: protocol and host
 * through the trusted proxies, the port of the forwarded host or else of `Host`. The web `Request` the
 * app sees carries it (react-router-handler.ts), and the write guard (security.ts) compares origins with
 * it, so both read one address.
 */
export function requestUrl(req: ExpressRequest): URL {
  const [, forwardedPort] = req.app.enabled("trust proxy") ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort].map((p) => Number.parseInt(p ?? "", 10)).find(Number.isSafeInteger);
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  return new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
}
