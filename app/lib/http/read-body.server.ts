import { DomainError } from "~/lib/domain-error";
import { BAD_BYTES_MESSAGE, BODY_TOO_LARGE, bodyLimitFor } from "./body-limits";

/**
 * Request bodies read with a byte limit and checked for NUL characters (which PostgreSQL refuses in
 * text): every action and API route reads its body through here, so a 50 MB body sent without a
 * declared length stops at the limit (413) and "M\u0000" is a clear 400, never a database error.
 */
async function readBodyBytes(request: Request): Promise<Buffer> {
  if (!request.body) return Buffer.alloc(0);
  const limit = bodyLimitFor(new URL(request.url).pathname);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new DomainError("too-large", BODY_TOO_LARGE);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

const NUL_ESCAPE = /\\u0000/i;

/** The JSON body, or null when it is not JSON. Refuses NUL characters, raw or escaped. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const text = (await readBodyBytes(request)).toString("utf8");
  if (text.includes("\0") || NUL_ESCAPE.test(text)) throw new DomainError("invalid", BAD_BYTES_MESSAGE);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The body as UTF-8 text (a CSV file, say). Refuses NUL characters. */
export async function readTextBody(request: Request): Promise<string> {
  const text = (await readBodyBytes(request)).toString("utf8");
  if (text.includes("\0")) throw new DomainError("invalid", BAD_BYTES_MESSAGE);
  return text;
}

/**
 * The body's bytes, for a reader that decodes them itself (a CSV file in the encoding it was saved in):
 * that reader refuses NUL characters.
 */
export const readBytesBody = readBodyBytes;

/** The form body (URL-encoded or multipart). Refuses NUL characters in any name or value. */
export async function readFormBody(request: Request): Promise<FormData> {
  const bytes = await readBodyBytes(request);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(bytes), {
      headers: { "content-type": request.headers.get("content-type") ?? "" },
    }).formData();
  } catch {
    throw new DomainError("invalid", "Invalid form submission");
  }
  for (const [name, value] of form) {
    if (name.includes("\0") || (typeof value === "string" && value.includes("\0"))) {
      throw new DomainError("invalid", BAD_BYTES_MESSAGE);
    }
  }
  return form;
}
