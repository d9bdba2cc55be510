import type { RequestHandler } from "express";
import helmet from "helmet";
import { writeAllowed } from "~/lib/http/write-origin";
import { randomToken } from "./random-tokens";
import { requestUrl } from "./request-url";

/** A fresh CSP nonce per rendered response; React Router puts it on its inline scripts. */
export const cspNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = randomToken(16, "base64");
  next();
};

/**
 * The headers every answer carries, set first so that the health check, static files (/assets, /images,
 * the favicon) and early refusals (request limits) have them too: nosniff, the referrer policy, frame
 * protection (X-Frame-Options; pages add frame-ancestors), Cross-Origin-Resource-Policy same-origin,
 * HSTS when the shop is served over https, and helmet's other defaults. Cached pages keep them: the page
 * cache stores a response's headers with it. The CSP is per page (a nonce): contentSecurityPolicy below.
 */
export function baseSecurityHeaders(options: { https: boolean }): RequestHandler {
  return helmet({
    contentSecurityPolicy: false,
    strictTransportSecurity: options.https ? { maxAge: 15552000 } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
  });
}

/** The pages' Content-Security-Policy, with the response's nonce; the other headers come from baseSecurityHeaders. */
export function contentSecurityPolicy(options: { https: boolean }): RequestHandler {
  return helmet.contentSecurityPolicy({
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: [
        "'self'",
        (_req, res) => `'nonce-${(res as unknown as { locals: { cspNonce: string } }).locals.cspNonce}'`,
        "https://www.paypal.com",
      ],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "https:"],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'", "https://www.paypal.com", "https://*.paypal.com"],
      frameSrc: ["https://www.paypal.com", "https://*.paypal.com"],
      frameAncestors: ["'none'"],
      formAction: ["'self'", "https://accounts.google.com", "https://www.facebook.com"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
      ...(options.https ? { upgradeInsecureRequests: [] } : {}),
    },
  });
}

/**
 * Refuses cross-site state changes: a POST (or other unsafe method) whose Origin is neither the
 * shop's public origin nor the origin it was addressed to (lib/http/write-origin.ts, the rule the auth
 * library's origin check uses too). SameSite=Lax cookies are the first guard.
 */
export function sameOriginWrites(publicUrl: string): RequestHandler {
  return (req, res, next) => {
    const allowed = writeAllowed({
      method: req.method,
      origin: req.headers.origin,
      fetchSite: req.get("sec-fetch-site"),
      publicUrl,
      requestUrl: requestUrl(req).href,
    });
    if (allowed) return next();
    res.status(403).json({ error: "Cross-site request refused" });
  };
}
