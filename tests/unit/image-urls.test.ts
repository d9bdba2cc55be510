import { describe, expect, it } from "vitest";
import { mediaKey, mediaUrl, parseMediaUrl, responsiveImage, storedWidths } from "~/modules/media/image-urls";

const hash = "ab".repeat(32);

describe("uploaded photo URLs", () => {
  it("reads the hash and the largest width from a stored photo's URL", () => {
    expect(parseMediaUrl(`/media/${hash}/1600.webp`)).toEqual({ hash, width: 1600 });
    expect(parseMediaUrl(`/media/${hash}/600.webp`)).toEqual({ hash, width: 600 });
    expect(mediaUrl(hash, 800)).toBe(`/media/${hash}/800.webp`);
    expect(mediaKey(hash, 800)).toBe(`${hash}/800.webp`);
  });

  it("is not fooled by other URLs", () => {
    for (const url of [
      "/images/products/tee-black.svg",
      "https://cdn.example.com/media/x.webp",
      `https://shop.example.com/media/${hash}/800.webp`,
      `/media/${hash}/800.jpg`,
      `/media/${hash}/0800.webp`,
      `/media/${hash}/2000.webp`,
      `/media/${hash.slice(2)}/800.webp`,
      `/media/${hash.toUpperCase()}/800.webp`,
      `/media/${hash}/800.webp?x=1`,
      `/media/../${hash}/800.webp`,
      "",
    ]) {
      expect(parseMediaUrl(url), url).toBeNull();
    }
  });

  it("stores every standard width below the largest, never more", () => {
    expect(storedWidths(1600)).toEqual([400, 800, 1600]);
    expect(storedWidths(1000)).toEqual([400, 800, 1000]);
    expect(storedWidths(800)).toEqual([400, 800]);
    expect(storedWidths(500)).toEqual([400, 500]);
    expect(storedWidths(300)).toEqual([300]);
  });

  it("gives an uploaded photo a srcset of its stored widths, the 800 one as src, and the layout's sizes", () => {
    expect(responsiveImage(`/media/${hash}/1600.webp`, "(min-width: 1024px) 25vw, 50vw")).toEqual({
      src: `/media/${hash}/800.webp`,
      srcSet: `/media/${hash}/400.webp 400w, /media/${hash}/800.webp 800w, /media/${hash}/1600.webp 1600w`,
      sizes: "(min-width: 1024px) 25vw, 50vw",
    });
    expect(responsiveImage(`/media/${hash}/500.webp`, "80px")).toEqual({
      src: `/media/${hash}/500.webp`,
      srcSet: `/media/${hash}/400.webp 400w, /media/${hash}/500.webp 500w`,
      sizes: "80px",
    });
  });

  it("leaves external and built-in images as they are: no srcset", () => {
    expect(responsiveImage("https://images.example.com/shirt.jpg", "80px")).toEqual({
      src: "https://images.example.com/shirt.jpg",
    });
    expect(responsiveImage("/images/placeholder.svg", "80px")).toEqual({ src: "/images/placeholder.svg" });
  });
});
