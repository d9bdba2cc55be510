import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server, type Socket } from "node:net";
import { buffer } from "node:stream/consumers";
import { HeadObjectCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { S3Settings } from "~/lib/config/config.server";
import { isDomainError } from "~/lib/domain-error";
import { createS3Client, S3_TIMEOUTS } from "~/lib/s3-client.server";
import { MEDIA_CACHE_CONTROL } from "~/modules/media/image-storage.server";
import { PHOTO_STORAGE_UNAVAILABLE, S3ImageStorage } from "~/modules/media/s3-image-storage.server";
import { freePort } from "../support/ports";
import { motoUnavailable, startS3Server, type S3TestServer } from "../support/s3-server";

/**
 * The photo storage on a real S3-compatible server (moto's, started once for this file): what it
 * stores, with which metadata, what a missing key and an unreachable bucket answer.
 */
const skip = motoUnavailable();

const key = (width = 800, hash = "a".repeat(64)) => `${hash}/${width}.webp`;

describe.skipIf(skip)("S3ImageStorage on a real S3-compatible server", () => {
  let s3: S3TestServer;
  let bucket: string;
  let settings: S3Settings;
  let storage: S3ImageStorage;

  beforeAll(async () => {
    s3 = await startS3Server();
    bucket = await s3.createBucket();
    settings = s3.settings(bucket);
    storage = new S3ImageStorage(settings);
  });
  afterAll(async () => {
    storage?.close();
    await s3?.stop();
  });

  it("puts, gets, tells what exists and deletes", async () => {
    const k = key(400, "b".repeat(64));
    expect(await storage.get(k)).toBeNull();
    expect(await storage.stat(k)).toBeNull();
    expect(await storage.exists(k)).toBe(false);

    await storage.put(k, Buffer.from("webp bytes"), "image/webp");
    expect(await storage.exists(k)).toBe(true);
    expect(await storage.stat(k)).toEqual({ size: 10, contentType: "image/webp" });
    const stored = await storage.get(k);
    expect(stored).toMatchObject({ size: 10, contentType: "image/webp" });
    expect((await buffer(stored!.body)).toString()).toBe("webp bytes");

    await storage.put(k, Buffer.from("replaced"), "image/webp");
    expect((await buffer((await storage.get(k))!.body)).toString()).toBe("replaced");

    await storage.delete(k);
    expect(await storage.exists(k)).toBe(false);
    expect(await storage.get(k)).toBeNull();
    await storage.delete(k); // deleting what is gone is fine
  });

  it("stores each object with its content type and a year's immutable Cache-Control", async () => {
    const k = key(1600, "c".repeat(64));
    await storage.put(k, Buffer.from("RIFF....WEBP"), "image/webp");
    const head = await s3.client.send(new HeadObjectCommand({ Bucket: bucket, Key: k }));
    expect(head.ContentType).toBe("image/webp");
    expect(head.CacheControl).toBe(MEDIA_CACHE_CONTROL);
    expect(head.ContentLength).toBe(12);
    // As a public bucket serves it: the same headers, the bytes as they were put (no aws-chunked framing
    // or checksum trailer inside), and no SDK checksum sent with the upload (R2 and B2 refuse those).
    const publicBucket = await s3.createBucket({ publicRead: true });
    const publicStorage = new S3ImageStorage({ ...settings, bucket: publicBucket });
    try {
      await publicStorage.put(k, Buffer.from("RIFF....WEBP"), "image/webp");
    } finally {
      publicStorage.close();
    }
    const anonymous = await fetch(`${s3.endpoint}/${publicBucket}/${k}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get("content-type")).toBe("image/webp");
    expect(anonymous.headers.get("cache-control")).toBe(MEDIA_CACHE_CONTROL);
    expect(anonymous.headers.get("x-amz-sdk-checksum-algorithm")).toBeNull();
    expect(await anonymous.text()).toBe("RIFF....WEBP");
    // A private bucket (the default) refuses anyone without credentials.
    expect((await fetch(`${s3.endpoint}/${bucket}/${k}`)).status).toBe(403);
  });

  it("streams a large object as it arrives, and a stream let go of midway frees its connection", async () => {
    const k = key(800, "d".repeat(64));
    const bytes = randomBytes(12 * 1024 * 1024);
    await storage.put(k, bytes, "image/webp");

    const stored = (await storage.get(k))!;
    expect(stored.size).toBe(bytes.length);
    let chunks = 0;
    const hash = createHash("sha256");
    for await (const chunk of stored.body) {
      chunks++;
      hash.update(chunk as Buffer);
    }
    // Many chunks, not one buffer: the body is the bucket's answer as it comes.
    expect(chunks).toBeGreaterThan(10);
    expect(hash.digest("hex")).toBe(createHash("sha256").update(bytes).digest("hex"));

    // Twenty bodies read a little and dropped (a client gone mid-photo): the next reads still work.
    for (let i = 0; i < 20; i++) {
      const dropped = (await storage.get(k))!;
      await new Promise((resolve) => dropped.body.once("data", resolve));
      dropped.body.destroy();
    }
    expect(await storage.stat(k)).toEqual({ size: bytes.length, contentType: "image/webp" });
    expect((await buffer((await storage.get(k))!.body)).length).toBe(bytes.length);
  });

  it("keeps the photos under S3_PREFIX and gives their public address when there is one", async () => {
    const prefixed = new S3ImageStorage({ ...settings, prefix: "shop/media/", publicUrl: "https://photos.example" });
    try {
      const k = key(400, "e".repeat(64));
      await prefixed.put(k, Buffer.from("prefixed"), "image/webp");
      const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: "shop/" }));
      expect(listed.Contents?.map((object) => object.Key)).toEqual([`shop/media/${k}`]);
      expect(await storage.exists(k)).toBe(false); // not at the bucket's root
      expect((await buffer((await prefixed.get(k))!.body)).toString()).toBe("prefixed");
      expect(prefixed.publicUrl(k)).toBe(`https://photos.example/shop/media/${k}`);
      expect(storage.publicUrl(k)).toBeUndefined();
    } finally {
      prefixed.close();
    }
  });

  it("refuses keys that are not a photo's, and content that is not the key's type, before sending anything", async () => {
    // A storage whose bucket cannot be reached: a refusal that sent a request would be 'unavailable'.
    const unreachable = new S3ImageStorage({ ...settings, endpoint: `http://127.0.0.1:${await freePort()}` });
    try {
      for (const bad of ["../secrets.json", `${"c".repeat(64)}/../../x.webp`, "a//b.webp", "A/B.webp", "a/b.svg"]) {
        await expect(unreachable.get(bad), bad).rejects.toThrow(/Not a storage key/);
        await expect(unreachable.put(bad, Buffer.from("x"), "image/webp"), bad).rejects.toThrow(/Not a storage key/);
      }
      await expect(unreachable.put(key(), Buffer.from("<svg/>"), "image/svg+xml")).rejects.toThrow(/cannot hold/);
    } finally {
      unreachable.close();
    }
  });

  it("answers a bucket that is not there with an error naming the operation, not as a missing photo", async () => {
    const wrong = new S3ImageStorage({ ...settings, bucket: "no-such-bucket-here" });
    try {
      const failure = await wrong.get(key()).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      expect(isDomainError(failure)).toBe(false);
      expect((failure as Error).message).toMatch(/^photo storage get .*NoSuchBucket/);
    } finally {
      wrong.close();
    }
  });

  it("answers an unreachable bucket with 'unavailable' (503) and one log line per request", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const unreachable = new S3ImageStorage({ ...settings, endpoint: `http://127.0.0.1:${await freePort()}` });
    try {
      for (const attempt of [
        () => unreachable.get(key()),
        () => unreachable.stat(key()),
        () => unreachable.put(key(), Buffer.from("x"), "image/webp"),
        () => unreachable.delete(key()),
      ]) {
        const failure = await attempt().catch((error: unknown) => error);
        expect(isDomainError(failure, "PHOTO_STORAGE_UNAVAILABLE")).toBe(true);
        expect(failure).toMatchObject({ status: 503, message: PHOTO_STORAGE_UNAVAILABLE });
      }
      expect(warn).toHaveBeenCalledTimes(4);
      for (const [line] of warn.mock.calls) {
        // One JSON line (the logger's), its message naming the operation and the key.
        expect(String(line)).not.toContain("\n");
        const entry = JSON.parse(String(line)) as { level: string; msg: string };
        expect(entry.level).toBe("warn");
        expect(entry.msg).toMatch(
          /^\[photo storage\] (get|stat|put|delete) a{64}\/800\.webp: the bucket is unavailable \(.*ECONNREFUSED/,
        );
      }
    } finally {
      unreachable.close();
      warn.mockRestore();
    }
  });

  it("gives up on a bucket that takes the connection and never answers, after its timeout", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => void sockets.add(socket));
    const port = await freePort();
    await new Promise<void>((resolve) => silent.listen(port, "127.0.0.1", resolve));
    // The shop's client with the answer's timeout cut from 10 s to 300 ms (three attempts).
    const hangingSettings = { ...settings, endpoint: `http://127.0.0.1:${port}` };
    const hanging = new S3ImageStorage(
      hangingSettings,
      createS3Client(hangingSettings, { ...S3_TIMEOUTS, answerMs: 300 }),
    );
    try {
      const started = Date.now();
      const failure = await hanging.stat(key()).catch((error: unknown) => error);
      expect(isDomainError(failure, "PHOTO_STORAGE_UNAVAILABLE")).toBe(true);
      expect(String(warn.mock.calls[0]?.[0])).toMatch(/TimeoutError/);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(sockets.size).toBeGreaterThan(0);
    } finally {
      hanging.close();
      warn.mockRestore();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
