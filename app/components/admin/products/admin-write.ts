/**
 * Posts a back-office write to one of the dashboard's routes and answers its JSON result. Every
 * failure comes back as `{ ok: false, message }` — a refusal of the server (its message), a network
 * failure, an answer that is not ours — so a caller can roll its optimistic state back and say so,
 * instead of the page falling into its error screen.
 */
export type WriteFailure = { ok: false; message: string };

export const NETWORK_ERROR = "Network error. Please check your connection.";
export const NOT_ADMIN = "Your admin session has ended. Please sign in again.";

export async function postAdminWrite<T extends { ok: boolean }>(
  url: string,
  body?: unknown,
): Promise<T | WriteFailure> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      credentials: "same-origin",
      // A non-admin is redirected to /: that is a refusal here, not a page to follow.
      redirect: "manual",
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, message: NETWORK_ERROR };
  }
  if (res.type === "opaqueredirect" || (res.status >= 300 && res.status < 400))
    return { ok: false, message: NOT_ADMIN };
  try {
    const json = (await res.json()) as unknown;
    if (json && typeof json === "object" && "ok" in json && typeof json.ok === "boolean") {
      if (json.ok || ("message" in json && typeof json.message === "string")) return json as T | WriteFailure;
    }
  } catch {
    // not JSON: answered below
  }
  return { ok: false, message: `The server answered ${res.status}. Please try again.` };
}
