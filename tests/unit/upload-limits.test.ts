import { describe, expect, it } from "vitest";
import { readMultipartFiles } from "~/lib/http/read-multipart.server";
import { bodyLimitFor, DEFAULT_BODY_LIMIT, IMAGE_UPLOAD_PATH, takesUploads } from "~/lib/http/body-limits";
import { checkBeforeUpload, UPLOAD_MESSAGES } from "~/modules/media/upload-rules";

describe("body limits by route", () => {
  it("gives the photo upload room for ten 10 MB files and every other route 64 KB", () => {
    expect(bodyLimitFor(IMAGE_UPLOAD_PATH)).toBeGreaterThan(10 * 10 * 1024 * 1024);
    expect(bodyLimitFor(IMAGE_UPLOAD_PATH)).toBeLessThan(11 * 10 * 1024 * 1024);
    for (const other of ["/api/cart", "/admin/products", "/admin/products/images/", "/admin/products/images.data"]) {
      expect(bodyLimitFor(other), other).toBe(DEFAULT_BODY_LIMIT);
      expect(takesUploads(other), other).toBe(false);
    }
    expect(takesUploads(IMAGE_UPLOAD_PATH)).toBe(true);
  });
});

const rules = { maxFiles: 2, maxFileBytes: 1000, messages: UPLOAD_MESSAGES };

function multipart(parts: Array<{ name: string; filename?: string; bytes: Uint8Array }>, chunked = false) {
  const boundary = "b0undary";
  const pieces: Uint8Array[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? "" : `; filename="${part.filename}"`}`;
    pieces.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`),
      part.bytes,
      Buffer.from("\r\n"),
    );
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  const body = Buffer.concat(pieces);
  return new Request(`http://shop.test${IMAGE_UPLOAD_PATH}`, {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    // A stream has no declared length, like a chunked upload.
    body: chunked ? new Blob([body]).stream() : body,
    ...(chunked ? { duplex: "half" } : {}),
  } as RequestInit);
}

describe("readMultipartFiles", () => {
  it("reads files with their UTF-8 names, without folders, and ignores fields and empty file inputs", async () => {
    const files = await readMultipartFiles(
      multipart([
        { name: "images", filename: "C:\\Users\\me\\chemise d'été.jpg", bytes: Buffer.from("abc") },
        { name: "note", bytes: Buffer.from("a field") },
        { name: "images", filename: "", bytes: new Uint8Array(0) },
      ]),
      rules,
    );
    expect(files).toEqual([
      { field: "images", filename: "chemise d'été.jpg", declaredType: expect.any(String), bytes: Buffer.from("abc") },
    ]);
  });

  it("stops at a file over the limit, naming it (413)", async () => {
    const error = await readMultipartFiles(
      multipart([{ name: "images", filename: "big.jpg", bytes: Buffer.alloc(1001) }], true),
      rules,
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: "too-large",
      message: "big.jpg: Image is too large (max 10 MB).",
      fieldErrors: { "big.jpg": "Image is too large (max 10 MB)." },
    });
  });

  it("refuses more files than allowed (413) and a body that is not multipart (400)", async () => {
    const three = [1, 2, 3].map((i) => ({ name: "images", filename: `${i}.jpg`, bytes: Buffer.from("x") }));
    await expect(readMultipartFiles(multipart(three), rules)).rejects.toMatchObject({
      code: "too-large",
      message: "Upload at most 10 images at a time.",
    });
    const json = new Request(`http://shop.test${IMAGE_UPLOAD_PATH}`, {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    await expect(readMultipartFiles(json, rules)).rejects.toMatchObject({ code: "invalid" });
    const broken = new Request(`http://shop.test${IMAGE_UPLOAD_PATH}`, {
      method: "POST",
      body: '--b\r\nContent-Disposition: form-data; name="images"; filename="a.jpg"\r\n\r\nabc',
      headers: { "content-type": "multipart/form-data; boundary=b" },
    });
    await expect(readMultipartFiles(broken, rules)).rejects.toMatchObject({ code: "invalid" });
  });

  it("counts a body sent without a length against the route's limit", async () => {
    const request = multipart([{ name: "images", filename: "a.jpg", bytes: Buffer.from("x") }], true);
    const elsewhere = new Request("http://shop.test/api/cart", {
      method: "POST",
      headers: request.headers,
      body: new Blob([Buffer.alloc(70 * 1024)]).stream(),
      duplex: "half",
    } as RequestInit);
    await expect(readMultipartFiles(elsewhere, { ...rules, maxFileBytes: 1024 * 1024 })).rejects.toMatchObject({
      code: "too-large",
      message: "Request body too large",
    });
  });
});

describe("checkBeforeUpload (the browser's early answer)", () => {
  it("says at once what the server would refuse by type or size", () => {
    expect(checkBeforeUpload({ size: 5, type: "image/jpeg" })).toBeNull();
    expect(checkBeforeUpload({ size: 5, type: "" })).toBeNull(); // the server decides
    expect(checkBeforeUpload({ size: 5, type: "image/svg+xml" })).toBe(UPLOAD_MESSAGES.notAnImage);
    expect(checkBeforeUpload({ size: 10 * 1024 * 1024 + 1, type: "image/png" })).toBe(UPLOAD_MESSAGES.fileTooLarge);
  });
});
