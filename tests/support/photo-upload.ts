import { request } from "node:http";
import sharp from "sharp";

/** A photo of `width` × `height` in one colour, as a camera's JPEG (or PNG/WebP). */
export function testPhoto(width: number, height: number, format: "jpeg" | "png" | "webp" = "jpeg"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 160, g: 90, b: 40 } } })
    .toFormat(format)
    .toBuffer();
}

export interface UploadedPhotos {
  status: number;
  images: Array<{ url: string; width: number; height: number }>;
  error?: string;
}

/** Uploads photos through the admin's upload route (`POST /admin/products/images`), as the product editor does. */
export async function uploadPhotos(
  baseUrl: string,
  cookie: string,
  files: Array<{ name: string; bytes: Uint8Array }>,
): Promise<UploadedPhotos> {
  const body = new FormData();
  for (const file of files)
    body.append("images", new Blob([new Uint8Array(file.bytes)], { type: "image/jpeg" }), file.name);
  const res = await fetch(`${baseUrl}/admin/products/images`, {
    method: "POST",
    headers: { origin: baseUrl, cookie },
    body,
    redirect: "manual",
  });
  const answer = (await res.json()) as { images?: UploadedPhotos["images"]; error?: string };
  return { status: res.status, images: answer.images ?? [], ...(answer.error ? { error: answer.error } : {}) };
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A request with exactly the headers given: fetch adds `Cache-Control: no-cache` to a conditional
 * request, which asks for the full answer instead of a 304.
 */
export function rawRequest(
  baseUrl: string,
  path: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path, method: options.method ?? "GET", headers: options.headers ?? {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}
