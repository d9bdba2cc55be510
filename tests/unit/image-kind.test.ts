import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { imageKind } from "~/modules/media/image-kind";

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (value: string) => new TextEncoder().encode(value);

describe("imageKind: what a file is, by its first bytes", () => {
  it("knows the three photo formats by their signatures", () => {
    expect(imageKind(bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10))).toBe("jpeg");
    expect(imageKind(bytes(0xff, 0xd8, 0xff, 0xe1))).toBe("jpeg"); // EXIF first
    expect(imageKind(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13))).toBe("png");
    expect(imageKind(text("RIFF\u0024\u0000\u0000\u0000WEBPVP8 "))).toBe("webp");
    expect(imageKind(text("RIFF\u0024\u0000\u0000\u0000WEBPVP8L"))).toBe("webp");
    expect(imageKind(text("RIFF\u0024\u0000\u0000\u0000WEBPVP8X"))).toBe("webp");
  });

  it("agrees with real encoders", async () => {
    const base = sharp({ create: { width: 4, height: 4, channels: 3, background: "#888" } });
    expect(imageKind(await base.clone().jpeg().toBuffer())).toBe("jpeg");
    expect(imageKind(await base.clone().png().toBuffer())).toBe("png");
    expect(imageKind(await base.clone().webp().toBuffer())).toBe("webp");
    expect(imageKind(await base.clone().webp({ lossless: true }).toBuffer())).toBe("webp");
    expect(imageKind(await base.clone().gif().toBuffer())).toBeNull();
    expect(imageKind(await base.clone().tiff().toBuffer())).toBeNull();
    expect(imageKind(await base.clone().avif().toBuffer())).toBeNull();
  });

  it("refuses SVG, HTML, GIF and anything else whatever it is called", () => {
    expect(imageKind(text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(imageKind(text('<?xml version="1.0"?><svg></svg>'))).toBeNull();
    expect(imageKind(text("<!doctype html><html><body>photo.jpg</body></html>"))).toBeNull();
    expect(imageKind(text("GIF89a\u0001\u0000\u0001\u0000"))).toBeNull();
    expect(imageKind(text("%PDF-1.7"))).toBeNull();
    expect(imageKind(text("RIFF\u0024\u0000\u0000\u0000WAVEfmt "))).toBeNull(); // a RIFF that is sound
    expect(imageKind(text("RIFF\u0024\u0000\u0000\u0000WEBP"))).toBeNull(); // no image chunk
  });

  it("refuses files too short to carry a signature, and near misses", () => {
    expect(imageKind(new Uint8Array(0))).toBeNull();
    expect(imageKind(bytes(0xff, 0xd8))).toBeNull();
    expect(imageKind(bytes(0x89, 0x50, 0x4e, 0x47))).toBeNull(); // PNG's first four of eight
    expect(imageKind(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x00))).toBeNull();
    // A JPEG signature later in the file does not count.
    expect(imageKind(bytes(0x20, 0xff, 0xd8, 0xff, 0xe0))).toBeNull();
  });
});
