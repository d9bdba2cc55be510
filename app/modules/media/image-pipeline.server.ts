import { createHash } from "node:crypto";
import { buffer } from "node:stream/consumers";
import type { default as Sharp, Metadata } from "sharp";
import { DomainError, type DomainErrorCode } from "~/lib/domain-error";
import { imageKind, type ImageKind } from "./image-kind";
import type { ImageStorage } from "./image-storage.server";
import { MAX_MEDIA_WIDTH, mediaKey, mediaUrl, storedWidths } from "./image-urls";
import { MAX_UPLOAD_PIXELS, UPLOAD_MESSAGES, type UploadedImage } from "./upload-rules";

/**
 * sharp (libvips) is loaded at the first upload rather than at start: it would otherwise hold ~27 MB of
 * every server process's memory for the rare photo an admin uploads (issue 15).
 */
let loadingSharp: Promise<typeof Sharp> | undefined;
const loadSharp = () =>
  (loadingSharp ??= import("sharp").then(({ default: sharp }) => {
    // Each upload is decoded once; keeping decoded images in memory would only hold memory.
    sharp.cache(false);
    return sharp;
  }));

/** A file as the upload route received it. */
export interface ImageUpload {
  filename: string;
  bytes: Uint8Array;
}

export interface ImageLibrary {
  storage: ImageStorage;
  /**
   * Checks every file (its bytes must be a JPEG, PNG or WebP that decodes, of at most
   * MAX_UPLOAD_PIXELS), then re-encodes and stores them. Any refused file refuses the whole upload
   * before anything is stored: a DomainError whose `fieldErrors` name each refused file.
   */
  upload(files: readonly ImageUpload[]): Promise<UploadedImage[]>;
}

export interface ImageLibraryOptions {
  storage: ImageStorage;
  /** Decompression bombs: photos with more pixels are refused before decoding (sharp's limitInputPixels). */
  maxInputPixels?: number;
  /** WebP quality, 1–100. */
  quality?: number;
}

interface CheckedImage {
  filename: string;
  bytes: Uint8Array;
  hash: string;
  /** Width after EXIF rotation. */
  width: number;
}

class Refusal {
  constructor(
    readonly code: DomainErrorCode,
    readonly message: string,
  ) {}
}

/**
 * Uploaded photos become WebP files in a few widths (decisions.md §4: URLs or uploaded photos,
 * checked by their bytes, re-encoded, stored behind a storage interface):
 * - the bytes decide what a file is (image-kind.ts), never its name or declared type;
 * - sharp turns it upright by its EXIF orientation and writes no metadata (EXIF with GPS, camera,
 *   ICC profiles are dropped; colours are converted to sRGB);
 * - each width of MEDIA_WIDTHS up to the photo's own (never enlarged) is stored under
 *   `<sha256 of the uploaded bytes>/<width>.webp`: the same photo uploaded again is found and not
 *   encoded again, and a stored file never changes.
 */
export function createImageLibrary({
  storage,
  maxInputPixels = MAX_UPLOAD_PIXELS,
  quality = 80,
}: ImageLibraryOptions): ImageLibrary {
  async function check(file: ImageUpload): Promise<CheckedImage | Refusal> {
    const kind = imageKind(file.bytes);
    if (!kind) return new Refusal("invalid", UPLOAD_MESSAGES.notAnImage);
    const sharp = await loadSharp();
    let metadata: Metadata;
    try {
      // Reads the header only: the pixel count is known before anything is decoded.
      metadata = await sharp(file.bytes, { limitInputPixels: false }).metadata();
    } catch {
      return new Refusal("invalid", UPLOAD_MESSAGES.unreadable);
    }
    if (metadata.format !== SHARP_FORMAT[kind]) return new Refusal("invalid", UPLOAD_MESSAGES.unreadable);
    if (metadata.width * metadata.height > maxInputPixels) {
      return new Refusal("too-large", UPLOAD_MESSAGES.tooManyPixels);
    }
    const hash = createHash("sha256").update(file.bytes).digest("hex");
    return { filename: file.filename, bytes: file.bytes, hash, width: metadata.autoOrient.width };
  }

  /** The WebP files of one photo, smallest first; throws a Refusal when the pixels do not decode. */
  async function encode(image: CheckedImage): Promise<Array<{ width: number; height: number; data: Buffer }>> {
    const widths = storedWidths(Math.min(image.width, MAX_MEDIA_WIDTH));
    const sharp = await loadSharp();
    try {
      const source = sharp(image.bytes, { limitInputPixels: maxInputPixels, autoOrient: true });
      const outputs = [];
      for (const width of widths) {
        const { data, info } = await source
          .clone()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality })
          .toBuffer({ resolveWithObject: true });
        outputs.push({ width, height: info.height, data });
      }
      return outputs;
    } catch {
      throw new Refusal("invalid", UPLOAD_MESSAGES.unreadable);
    }
  }

  /** The size of a photo stored before (the same bytes were uploaded already). */
  async function storedSize(key: string): Promise<{ width: number; height: number } | null> {
    const stored = await storage.get(key);
    if (!stored) return null;
    const sharp = await loadSharp();
    const { width, height } = await sharp(await buffer(stored.body)).metadata();
    return { width, height };
  }

  return {
    storage,
    async upload(files) {
      if (files.length === 0) throw new DomainError("invalid", UPLOAD_MESSAGES.noFiles, { reason: "NO_FILES" });
      const checked: CheckedImage[] = [];
      const refused: Array<{ filename: string; refusal: Refusal }> = [];
      for (const file of files) {
        const result = await check(file);
        if (result instanceof Refusal) refused.push({ filename: file.filename, refusal: result });
        else checked.push(result);
      }
      if (refused.length === 0) {
        // Decoding happens here: a file whose header was fine but whose pixels are broken is refused too.
        const results: UploadedImage[] = [];
        const writes: Array<{ key: string; data: Buffer }> = [];
        for (const image of checked) {
          const largest = Math.min(image.width, MAX_MEDIA_WIDTH);
          const key = mediaKey(image.hash, largest);
          const known = await storedSize(key);
          if (known) {
            results.push({ url: mediaUrl(image.hash, largest), ...known });
            continue;
          }
          try {
            const outputs = await encode(image);
            for (const output of outputs) writes.push({ key: mediaKey(image.hash, output.width), data: output.data });
            results.push({ url: mediaUrl(image.hash, largest), width: largest, height: outputs.at(-1)!.height });
          } catch (error) {
            if (!(error instanceof Refusal)) throw error;
            refused.push({ filename: image.filename, refusal: error });
          }
        }
        if (refused.length === 0) {
          // The largest width is written last: its presence says the whole set is there.
          for (const { key, data } of writes) await storage.put(key, data, "image/webp");
          return results;
        }
      }
      throw refusalError(refused);
    },
  };
}

const SHARP_FORMAT: Readonly<Record<ImageKind, string>> = { jpeg: "jpeg", png: "png", webp: "webp" };

/** One error for the whole upload, naming every refused file; its status is the first refusal's. */
function refusalError(refused: ReadonlyArray<{ filename: string; refusal: Refusal }>): DomainError {
  const fieldErrors: Record<string, string> = {};
  for (const { filename, refusal } of refused) fieldErrors[filename] ??= refusal.message;
  const message = refused.map(({ filename, refusal }) => `${filename}: ${refusal.message}`).join(" ");
  return new DomainError(refused[0]!.refusal.code, message, { reason: "IMAGE_REFUSED", fieldErrors });
}
