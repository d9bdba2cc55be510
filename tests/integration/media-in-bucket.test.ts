import { existsSync } from "node:fs";
import path from "node:path";
import { HeadObjectCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PHOTO_STORAGE_UNAVAILABLE } from "~/modules/media/s3-image-storage.server";
import { rawRequest, testPhoto, uploadPhotos } from "../support/photo-upload";
import { motoUnavailable, startS3Server, type S3TestServer } from "../support/s3-server";
import { signIn } from "../support/sessions";
import { databaseKind, prepareDatabaseLocation, type DatabaseLocation } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * The shop with its photos in a bucket (S3_BUCKET, on moto's server started once for this file): an
 * admin's upload through the real upload route lands in the bucket, not on disk; /media streams it with
 * the disk's headers (ETag, 304, HEAD), or redirects to the bucket's public address (S3_PUBLIC_URL); a
 * bucket that goes away is a 503 line, and the shop goes on. Two servers, one after the other, on one
 * database: first the redirecting one, then the streaming one, whose last test stops the bucket.
 */
const skip = motoUnavailable();
const ADMIN = { ADMIN_EMAIL: "boss@example.com", ADMIN_PASSWORD: "BossPass123", SEED_DEMO_CATALOG: "false" };
const IMMUTABLE = "public, max-age=31536000, immutable";

describe.skipIf(skip)(`photos in a bucket, through the shop (${databaseKind})`, () => {
  let s3: S3TestServer;
  let location: DatabaseLocation;

  beforeAll(async () => {
    [s3, location] = await Promise.all([startS3Server(), prepareDatabaseLocation()]);
  });
  afterAll(async () => {
    await s3?.stop();
    await location?.cleanup();
  });

  const objectKeys = async (bucket: string) =>
    ((await s3.client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((o) => o.Key!).sort();
  /** How many photos moto was asked to write into the bucket so far (its request log names each PUT). */
  const puts = (bucket: string) =>
    s3.output().match(new RegExp(`"PUT /${bucket}/[0-9a-f]{64}/\\d+\\.webp`, "g"))?.length ?? 0;

  describe("redirected to the bucket's public address (S3_PUBLIC_URL)", () => {
    let server: TestServer;
    let bucket: string;
    let cookie: string;

    beforeAll(async () => {
      bucket = await s3.createBucket({ publicRead: true });
      server = await startTestServer(
        { ...ADMIN, ...s3.env(bucket, { S3_PUBLIC_URL: `${s3.endpoint}/${bucket}`, S3_PREFIX: "media" }) },
        { location },
      );
      cookie = await signIn(server.url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    });
    afterAll(async () => {
      await server?.stop();
    });

    it("answers a photo's URL with a redirect to the bucket, which serves it with the same headers", async () => {
      const uploaded = await uploadPhotos(server.url, cookie, [
        { name: "coat.jpg", bytes: await testPhoto(900, 1200) },
      ]);
      expect(uploaded.status).toBe(200);
      const hash = uploaded.images[0]!.url.split("/")[2]!;
      expect(await objectKeys(bucket)).toEqual([
        `media/${hash}/400.webp`,
        `media/${hash}/800.webp`,
        `media/${hash}/900.webp`,
      ]);

      for (const method of ["GET", "HEAD"]) {
        const answer = await fetch(`${server.url}/media/${hash}/800.webp`, { method, redirect: "manual" });
        expect(answer.status, method).toBe(302);
        expect(answer.headers.get("location")).toBe(`${s3.endpoint}/${bucket}/media/${hash}/800.webp`);
        expect(answer.headers.get("cache-control")).toBe("public, max-age=86400");
      }
      // Followed, as a browser does: the bucket answers with the type and Cache-Control stored with the object.
      const followed = await fetch(`${server.url}/media/${hash}/800.webp`);
      expect(followed.url).toBe(`${s3.endpoint}/${bucket}/media/${hash}/800.webp`);
      expect(followed.status).toBe(200);
      expect(followed.headers.get("content-type")).toBe("image/webp");
      expect(followed.headers.get("cache-control")).toBe(IMMUTABLE);
      expect(await sharp(Buffer.from(await followed.arrayBuffer())).metadata()).toMatchObject({
        format: "webp",
        width: 800,
      });
    });

    it("still answers 404 itself to every path that is not a stored photo's shape", async () => {
      for (const p of ["/media/", `/media/${"0".repeat(63)}/400.webp`, `/media/${"0".repeat(64)}/400.png`]) {
        const answer = await fetch(`${server.url}${p}`, { redirect: "manual" });
        expect(answer.status, p).toBe(404);
        expect(answer.headers.get("location")).toBeNull();
      }
    });
  });

  describe("streamed from the bucket through the shop", () => {
    let server: TestServer;
    let bucket: string;
    let cookie: string;
    let hash: string;

    beforeAll(async () => {
      bucket = await s3.createBucket();
      server = await startTestServer({ ...ADMIN, ...s3.env(bucket) }, { location });
      cookie = await signIn(server.url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    });
    afterAll(async () => {
      await server?.stop();
    });

    it("keeps an admin's upload in the bucket, every width with its type and Cache-Control, nothing on disk", async () => {
      const uploaded = await uploadPhotos(server.url, cookie, [
        { name: "shirt.jpg", bytes: await testPhoto(2400, 3000) },
      ]);
      expect(uploaded.status).toBe(200);
      expect(uploaded.images).toEqual([
        { url: expect.stringMatching(/^\/media\/[0-9a-f]{64}\/1600\.webp$/), width: 1600, height: 2000 },
      ]);
      hash = uploaded.images[0]!.url.split("/")[2]!;
      expect(await objectKeys(bucket)).toEqual([`${hash}/1600.webp`, `${hash}/400.webp`, `${hash}/800.webp`]);
      for (const key of await objectKeys(bucket)) {
        const head = await s3.client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        expect(head).toMatchObject({ ContentType: "image/webp", CacheControl: IMMUTABLE });
      }
      expect(existsSync(path.join(location.dataDir, "media"))).toBe(false);
    });

    it("serves every width with the immutable headers, a 304 for the browser's copy, and HEAD without a body", async () => {
      for (const width of [400, 800, 1600]) {
        const url = `/media/${hash}/${width}.webp`;
        const served = await rawRequest(server.url, url);
        expect(served.status, url).toBe(200);
        expect(served.headers).toMatchObject({
          "content-type": "image/webp",
          "cache-control": IMMUTABLE,
          etag: `"${hash}-${width}"`,
          "x-content-type-options": "nosniff",
          "content-length": String(served.body.length),
        });
        expect(await sharp(served.body).metadata()).toMatchObject({ format: "webp", width });

        const again = await rawRequest(server.url, url, { headers: { "if-none-match": `"${hash}-${width}"` } });
        expect(again.status).toBe(304);
        expect(again.body.length).toBe(0);
        expect(again.headers).toMatchObject({ etag: `"${hash}-${width}"`, "cache-control": IMMUTABLE });

        const head = await rawRequest(server.url, url, { method: "HEAD" });
        expect(head.status).toBe(200);
        expect(head.headers["content-length"]).toBe(String(served.body.length));
        expect(head.headers["content-type"]).toBe("image/webp");
        expect(head.body.length).toBe(0);
      }
    });

    it("answers 404 (not cached) for what the bucket does not hold, whatever the request", async () => {
      for (const p of [`/media/${hash}/600.webp`, `/media/${"0".repeat(64)}/400.webp`, "/media/../../etc/passwd"]) {
        for (const headers of [{}, { "if-none-match": `"${"0".repeat(64)}-400"` }] as Array<Record<string, string>>) {
          for (const method of ["GET", "HEAD"]) {
            const answer = await rawRequest(server.url, p, { method, headers });
            expect(answer.status, `${method} ${p}`).toBe(404);
            expect(answer.headers["cache-control"]).toBe("no-store");
            // (Express tags the text of the answer, weakly; never with a photo's ETag.)
            expect(answer.headers.etag ?? "").toMatch(/^$|^W\//);
          }
        }
      }
    });

    it("finds a photo uploaded again in the bucket and writes nothing", async () => {
      // (moto's log line may reach this process a moment after its answer.)
      await expect.poll(() => puts(bucket)).toBe(3);
      const again = await uploadPhotos(server.url, cookie, [{ name: "copy.jpg", bytes: await testPhoto(2400, 3000) }]);
      expect(again.images).toEqual([{ url: `/media/${hash}/1600.webp`, width: 1600, height: 2000 }]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(puts(bucket)).toBe(3);
    });

    it("answers a bucket that went away with a 503 line, uploads too, and goes on serving the shop", async () => {
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      try {
        await s3.stop();
        const url = `/media/${hash}/800.webp`;
        for (const [method, headers] of [
          ["GET", {}],
          ["HEAD", {}],
          ["GET", { "if-none-match": `"${hash}-800"` }],
        ] as const) {
          const answer = await rawRequest(server.url, url, { method, headers });
          expect(answer.status, method).toBe(503);
          expect(answer.headers["cache-control"]).toBe("no-store");
          expect(answer.headers["retry-after"]).toBe("5");
          expect(answer.headers.etag ?? "").not.toContain(hash);
          if (method === "GET") expect(answer.body.toString()).toBe(PHOTO_STORAGE_UNAVAILABLE);
        }
        const upload = await uploadPhotos(server.url, cookie, [{ name: "new.jpg", bytes: await testPhoto(500, 500) }]);
        expect(upload).toMatchObject({ status: 503, error: PHOTO_STORAGE_UNAVAILABLE });
        // One line each, naming the operation and the key, no stack.
        const lines = warn.mock.calls.map(([line]) => (JSON.parse(String(line)) as { msg: string }).msg);
        expect(lines.length).toBeGreaterThanOrEqual(4);
        for (const line of lines)
          expect(line).toMatch(
            /^\[photo storage\] (get|stat) [0-9a-f]{64}\/\d+\.webp: the bucket is unavailable \([^\n]*\)$/,
          );
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
        expect((await fetch(`${server.url}/shop`)).status).toBe(200);
      } finally {
        warn.mockRestore();
      }
    });
  });
});
