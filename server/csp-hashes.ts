import { createHash } from "node:crypto";

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/**
 * Turns a rendered page's per-response nonce into script hashes, for pages the cache serves to many
 * visitors: a nonce handed to everyone for the cache's lifetime would protect nothing. Each inline
 * script that carried the nonce is allowed by its SHA-256 instead (`'sha256-…'` in `script-src`), and
 * the nonce is removed from the page and its policy. Scripts loaded from our own origin stay allowed
 * by `'self'`. A page without a nonce in its policy is returned unchanged.
 */
export function nonceToHashes(
  body: Buffer,
  headers: Array<[string, string]>,
): { body: Buffer; headers: Array<[string, string]> } {
  const policy = headers.find(([name]) => name.toLowerCase() === "content-security-policy");
  const nonce = policy && /'nonce-([A-Za-z0-9+/=_-]+)'/.exec(policy[1])?.[1];
  if (!policy || !nonce) return { body, headers };

  const nonceAttribute = ` nonce="${nonce}"`;
  const html = body.toString("utf8");
  const hashes = new Set<string>();
  for (const [, attributes = "", content = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (attributes.includes(nonceAttribute) && !/\bsrc=/.test(attributes)) {
      hashes.add(`'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`);
    }
  }
  const csp = policy[1].replace(`'nonce-${nonce}'`, [...hashes].join(" ")).replace(/ {2,}/g, " ");
  return {
    body: Buffer.from(html.split(nonceAttribute).join(""), "utf8"),
    headers: headers.map(([name, value]) => [name, name === policy[0] ? csp : value]),
  };
}
