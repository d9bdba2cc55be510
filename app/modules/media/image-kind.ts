/**
 * What an uploaded file really is, read from its first bytes (its "magic number"), whatever its name
 * or declared Content-Type say. Only the three photo formats every browser shows are accepted: an SVG
 * (which can carry script), an HTML page renamed .jpg, a GIF or anything else is null.
 */
export type ImageKind = "jpeg" | "png" | "webp";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

export function imageKind(bytes: Uint8Array): ImageKind | null {
  // JPEG: a Start Of Image marker followed by the next marker's first byte.
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  // PNG: the full eight-byte signature.
  if (startsWith(bytes, PNG_SIGNATURE)) return "png";
  // WebP: a RIFF container ("RIFF", four bytes of length, "WEBP") holding a VP8, VP8L or VP8X chunk.
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8) && startsWith(bytes, ascii("VP8"), 12)) {
    return "webp";
  }
  return null;
}

export const IMAGE_KIND_TYPES: Readonly<Record<ImageKind, string>> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
};
