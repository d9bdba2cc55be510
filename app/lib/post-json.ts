/**
 * POSTs JSON to one of the shop's own endpoints and reads its JSON answer (null when the answer is
 * not JSON). A network failure rejects; an HTTP error status does not, its body carries the message.
 */
export async function postJson<T>(url: string, body: unknown): Promise<{ status: number; body: T | null }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as T | null };
}
