import type { SessionUser } from "./session-user";

/**
 * The viewer hint (issue 15): signed-in shoppers get the catalogue's shared cached page, rendered for a
 * guest, and the header's personal part must still be right on first paint. The browser keeps who is
 * signed in — the role and the name to show, nothing else — in a cookie scripts can read, written by the
 * page once it knows the viewer (`/api/viewer`, or the root loader on a personal page) and removed on
 * sign-out. A tiny inline script in the cached page's head reads it before the body paints and marks
 * `<html data-viewer="customer|admin">` (CSS shows the signed-in header instead of Sign In / Sign Up)
 * with the name in a CSS variable. The server never trusts it: it only decides what is painted until the
 * page has asked the server (`/api/viewer`). Pure: shared by the server render and the browser.
 */
export const VIEWER_HINT_COOKIE = "abundance_viewer";
/** A year: it outlives no session by being longer (the page corrects a stale hint at once). */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
export const MAX_HINT_NAME = 60;

export function hintValue(user: Pick<SessionUser, "role" | "name">): string {
  return `${user.role === "admin" ? "admin" : "customer"}:${encodeURIComponent(user.name.slice(0, MAX_HINT_NAME))}`;
}

export function readHint(cookieHeader: string): { role: "customer" | "admin"; name: string } | null {
  const match = new RegExp(`(?:^|;\\s*)${VIEWER_HINT_COOKIE}=([^;]*)`).exec(cookieHeader);
  if (!match) return null;
  const [role, ...rest] = match[1]!.split(":");
  if (role !== "customer" && role !== "admin") return null;
  try {
    return { role, name: decodeURIComponent(rest.join(":")).slice(0, MAX_HINT_NAME) };
  } catch {
    return null;
  }
}

/** The `document.cookie` assignment that keeps the hint for `user`, or removes it for a guest. */
export function hintCookie(user: Pick<SessionUser, "role" | "name"> | null, secure: boolean): string {
  const attributes = `; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
  return user
    ? `${VIEWER_HINT_COOKIE}=${hintValue(user)}; Max-Age=${MAX_AGE_SECONDS}${attributes}`
    : `${VIEWER_HINT_COOKIE}=; Max-Age=0${attributes}`;
}

/** A CSS string for `content:`: letters, digits and spaces as they are, anything else as a CSS escape. */
export function cssString(text: string): string {
  return `"${Array.from(text, (c) => (/^[\p{L}\p{N} ]$/u.test(c) ? c : `\\${c.codePointAt(0)!.toString(16)} `)).join("")}"`;
}

/**
 * The head script of a page rendered without a viewer: the same text on every page (its hash is what
 * the cached page's CSP allows). It repeats `readHint` and `cssString` in the browser, before any
 * module has loaded.
 */
export const VIEWER_HINT_SCRIPT = `(function(){try{var m=/(?:^|;\\s*)${VIEWER_HINT_COOKIE}=([^;]*)/.exec(document.cookie);if(!m)return;var p=m[1].split(":"),r=p.shift();if(r!=="customer"&&r!=="admin")return;var n=decodeURIComponent(p.join(":")).slice(0,${MAX_HINT_NAME});var d=document.documentElement;d.setAttribute("data-viewer",r);d.style.setProperty("--viewer-name",'"'+Array.from(n,function(c){return /^[\\p{L}\\p{N} ]$/u.test(c)?c:"\\\\"+c.codePointAt(0).toString(16)+" "}).join("")+'"')}catch(e){}})()`;
