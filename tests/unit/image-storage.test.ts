import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contentTypeOfKey, DiskImageStorage } from "~/modules/media/image-storage.server";

let root: string;
let storage: DiskImageStorage;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "abundance-media-"));
  storage = new DiskImageStorage(path.join(root, "media"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const key = `${"c".repeat(64)}/800.webp`;

describe("DiskImageStorage", () => {
  it("puts, gets, tells what exists and deletes", async () => {
    expect(await storage.get(key)).toBeNull();
    expect(await storage.stat(key)).toBeNull();
    expect(await storage.exists(key)).toBe(false);
    await storage.put(key, Buffer.from("webp bytes"), "image/webp");
    expect(await storage.exists(key)).toBe(true);
    expect(await storage.stat(key)).toEqual({ size: 10, contentType: "image/webp" });
    const stored = await storage.get(key);
    expect(stored).toMatchObject({ size: 10, contentType: "image/webp" });
    expect((await buffer(stored!.body)).toString()).toBe("webp bytes");
    await storage.put(key, Buffer.from("replaced"), "image/webp");
    expect((await buffer((await storage.get(key))!.body)).toString()).toBe("replaced");
    // No temporary file is left beside it.
    expect(readdirSync(path.join(root, "media", "c".repeat(64)))).toEqual(["800.webp"]);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    await storage.delete(key); // deleting what is gone is fine
  });

  it("hands out a file already open: deleting it afterwards neither breaks the read nor an unread stream", async () => {
    await storage.put(key, Buffer.from("webp bytes"), "image/webp");
    const read = (await storage.get(key))!;
    const unread = (await storage.get(key))!;
    rmSync(path.join(root, "media"), { recursive: true, force: true });
    const errors: unknown[] = [];
    unread.body.on("error", (error) => errors.push(error));
    unread.body.destroy();
    await new Promise((resolve) => unread.body.once("close", resolve));
    expect(errors).toEqual([]);
    expect((await buffer(read.body)).toString()).toBe("webp bytes");
    expect(await storage.get(key)).toBeNull();
  });

  it("answers nothing for a folder where a file would be", async () => {
    const folder = `${"d".repeat(64)}.webp`;
    mkdirSync(path.join(root, "media", folder), { recursive: true });
    expect(await storage.get(folder)).toBeNull();
    expect(await storage.stat(folder)).toBeNull();
  });

  it("refuses keys that could leave its folder or are not images, before touching the disk", async () => {
    for (const bad of [
      "../secrets.json",
      "../../etc/passwd",
      `${"c".repeat(64)}/../../x.webp`,
      "/etc/x.webp",
      "a/./b.webp",
      "a//b.webp",
      "a\\..\\b.webp",
      "A/B.webp",
      "a/b.svg",
      "a/b.html",
      "a/b.webp/",
      "a/b.webp\u0000.png",
      "",
    ]) {
      expect(() => contentTypeOfKey(bad), bad).toThrow();
      await expect(storage.get(bad), bad).rejects.toThrow();
      await expect(storage.put(bad, Buffer.from("x"), "image/webp"), bad).rejects.toThrow();
    }
    expect(readdirSync(root)).toEqual([]);
  });

  it("stores only what the key's extension says", async () => {
    await expect(storage.put(key, Buffer.from("<svg/>"), "image/svg+xml")).rejects.toThrow();
    expect(contentTypeOfKey("a/b.png")).toBe("image/png");
    expect(contentTypeOfKey("a/b.jpg")).toBe("image/jpeg");
  });
});
