import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "~/lib/config/config.server";
import { ConfigError, parseEnv } from "~/lib/config/env.server";

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "abundance-config-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the photo bucket's configuration (S3_*)", () => {
  it("keeps photos on disk unless S3_BUCKET is set", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).s3).toBeUndefined();
  });

  it("reads the bucket with its defaults: us-east-1, virtual-host addresses, no prefix, streamed through the shop", () => {
    expect(loadConfig({ DATA_DIR: tempDir(), S3_BUCKET: "shop-photos" }).s3).toEqual({
      bucket: "shop-photos",
      region: "us-east-1",
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
      prefix: "",
      publicUrl: undefined,
    });
  });

  it("reads an R2 or MinIO bucket in full, the prefix as a folder and the addresses without a trailing slash", () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      S3_BUCKET: "shop-photos",
      S3_REGION: "auto",
      S3_ENDPOINT: "https://0123abcd.r2.cloudflarestorage.com/",
      S3_ACCESS_KEY_ID: "AKIDEXAMPLE",
      S3_SECRET_ACCESS_KEY: "secret/key+example",
      S3_FORCE_PATH_STYLE: "true",
      S3_PREFIX: "/shop/media/",
      S3_PUBLIC_URL: "https://photos.example.com/",
    });
    expect(config.s3).toEqual({
      bucket: "shop-photos",
      region: "auto",
      endpoint: "https://0123abcd.r2.cloudflarestorage.com",
      credentials: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "secret/key+example" },
      forcePathStyle: true,
      prefix: "shop/media/",
      publicUrl: "https://photos.example.com",
    });
  });

  it.each([
    [{ S3_ENDPOINT: "http://127.0.0.1:9000" }, "S3_ENDPOINT", /needs S3_BUCKET/],
    [{ S3_PUBLIC_URL: "https://photos.example.com" }, "S3_PUBLIC_URL", /needs S3_BUCKET/],
    [{ S3_BUCKET: "shop-photos", S3_ACCESS_KEY_ID: "AKID" }, "S3_SECRET_ACCESS_KEY", /go together/],
    [{ S3_BUCKET: "shop-photos", S3_SECRET_ACCESS_KEY: "secret" }, "S3_ACCESS_KEY_ID", /go together/],
    [{ S3_BUCKET: "s3://shop-photos" }, "S3_BUCKET", /bucket's name/],
    [{ S3_BUCKET: "shop-photos", S3_ENDPOINT: "minio:9000" }, "S3_ENDPOINT", /http\(s\) URL/],
    [{ S3_BUCKET: "shop-photos", S3_PREFIX: "../media" }, "S3_PREFIX", /folder name/],
    [{ S3_BUCKET: "shop-photos", S3_FORCE_PATH_STYLE: "maybe" }, "S3_FORCE_PATH_STYLE", /true or false/],
  ])("names the variable of a bad or incomplete setting (%j)", (env, name, message) => {
    expect(() => parseEnv(env)).toThrow(ConfigError);
    expect(() => parseEnv(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: .*${message.source}`));
  });
});
