import { ATTRIBUTION_COOKIE, ATTRIBUTION_MAX_AGE_SECONDS, type RecoveryLinks } from "./recovery-rules";

/**
 * Attribution (issue 31): following a restore link leaves a signed, httpOnly cookie naming the checkout;
 * the next order placed in that browser is linked to it (orders.recovered_checkout_id) and the cookie
 * is cleared. It lasts as long as the restore link.
 */
export function attributionCookie(links: RecoveryLinks, checkoutId: string, secure: boolean): string {
  return `${ATTRIBUTION_COOKIE}=${links.attributionValue(checkoutId)}; Path=/; Max-Age=${ATTRIBUTION_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function clearAttributionCookie(secure: boolean): string {
  return `${ATTRIBUTION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The checkout the request's attribution cookie names, if it is one we signed. */
export function attributedCheckout(request: Request, links: RecoveryLinks): string | null {
  const header = request.headers.get("cookie") ?? "";
  for (const part of header.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === ATTRIBUTION_COOKIE) return links.readAttribution(value.join("="));
  }
  return null;
}
