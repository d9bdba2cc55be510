/**
 * Which origins may change state (every POST, PUT, PATCH or DELETE): the shop's public origin
 * (PUBLIC_URL) and the origin the request itself was addressed to — the store opened at 127.0.0.1 when
 * PUBLIC_URL says localhost, or at a second name of the shop. One rule, used by the server's guard in
 * front of everything (server/security.ts) and by the auth library's own origin check
 * (modules/accounts/auth.server.ts's trustedOrigins), so a write the shop takes is never refused by the
 * library behind it — sign-out included. A browser names the page's origin in `Origin`; a page of
 * another site cannot make it name ours, and the address a request was sent to is the one it reached.
 */
export function trustedWriteOrigins(publicUrl: string, requestUrl?: string): string[] {
  const origins = [new URL(publicUrl).origin];
  if (requestUrl) {
    const own = new URL(requestUrl).origin;
    if (own !== origins[0]) origins.push(own);
  }
  return origins;
}

/**
 * Whether a write may go on: its `Origin` is one of the trusted ones; without an `Origin`, unless the
 * browser says the request is cross-site (`Sec-Fetch-Site`). Reads always may.
 */
export function writeAllowed(request: {
  method: string;
  origin: string | null | undefined;
  fetchSite: string | null | undefined;
  publicUrl: string;
  requestUrl: string;
}): boolean {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return true;
  if (!request.origin) return request.fetchSite !== "cross-site";
  return trustedWriteOrigins(request.publicUrl, request.requestUrl).includes(request.origin);
}
