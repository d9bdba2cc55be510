import { Readable } from "node:stream";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { isDomainError } from "~/lib/domain-error";
import { createImageLibrary } from "~/modules/media/image-pipeline.server";
import type { ImageStorage } from "~/modules/media/image-storage.server";

/** Storage in a Map, as a bucket would be: the pipeline sees only the interface. */
function memoryStorage() {
  const files = new Map<string, Buffer>();
  const storage: ImageStorage = {
    put: async (key, bytes) => void files.set(key, Buffer.from(bytes)),
    get: async (key) => {
      const bytes = files.get(key);
      return bytes ? { body: Readable.from([bytes]), size: bytes.length, contentType: "image/webp" } : null;
    },
    stat: async (key) => {
      const bytes = files.get(key);
      return bytes ? { size: bytes.length, contentType: "image/webp" } : null;
    },
    exists: async (key) => files.has(key),
    delete: async (key) => void files.delete(key),
  };
  return { files, storage };
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#a55" } })
    .jpeg()
    .toBuffer();

describe("the image pipeline", () => {
  it("stores WebP widths smallest first, the largest (the URL's) last", async () => {
    const { files, storage } = memoryStorage();
    const library = createImageLibrary({ storage });
    const [image] = await library.upload([{ filename: "a.jpg", bytes: await photo(1700, 1000) }]);
    expect(image).toMatchObject({ width: 1600 });
    expect(image!.url).toMatch(/^\/media\/[0-9a-f]{64}\/1600\.webp$/);
    expect([...files.keys()].map((k) => k.split("/")[1])).toEqual(["400.webp", "800.webp", "1600.webp"]);
    for (const [key, bytes] of files) {
      const metadata = await sharp(bytes).metadata();
      expect(metadata.format).toBe("webp");
      expect(metadata.width).toBe(Number(key.split("/")[1]!.replace(".webp", "")));
    }
  });

  it("refuses photos over its pixel limit before decoding, and stores nothing", async () => {
    const { files, storage } = memoryStorage();
    const library = createImageLibrary({ storage, maxInputPixels: 100 * 100 });
    const error = await library
      .upload([
        { filename: "ok.jpg", bytes: await photo(100, 100) },
        { filename: "big.jpg", bytes: await photo(101, 100) },
      ])
      .catch((e: unknown) => e);
    expect(isDomainError(error, "IMAGE_REFUSED")).toBe(true);
    expect(error).toMatchObject({ code: "too-large", fieldErrors: { "big.jpg": expect.stringMatching(/too large/) } });
    expect(files.size).toBe(0);
  });

  it("answers the stored size again for the same bytes without encoding or writing them again", async () => {
    const { files, storage } = memoryStorage();
    let puts = 0;
    const counting: ImageStorage = { ...storage, put: (...args) => (puts++, storage.put(...args)) };
    const library = createImageLibrary({ storage: counting });
    const bytes = await photo(3001, 2001);
    const first = await library.upload([{ filename: "a.jpg", bytes }]);
    expect(puts).toBe(3);
    const second = await library.upload([{ filename: "b.jpg", bytes }]);
    expect(puts).toBe(3);
    expect(second).toEqual(first);
    // The height answered is the stored file's own (sharp rounds 2001 × 1600 / 3001 its own way).
    const largest = files.get(first[0]!.url.slice("/media/".length))!;
    expect(first[0]!.height).toBe((await sharp(largest).metadata()).height);
  });

  it("refuses an empty upload", async () => {
    const library = createImageLibrary(memoryStorage());
    await expect(library.upload([])).rejects.toMatchObject({ code: "invalid", reason: "NO_FILES" });
  });
});
