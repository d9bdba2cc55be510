import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { CreateBucketCommand, PutBucketPolicyCommand, S3Client } from "@aws-sdk/client-s3";
import type { S3Settings } from "~/lib/config/config.server";
import { freePort } from "./ports";

/**
 * A real S3-compatible server for the tests of photos in a bucket: moto's server (`moto_server`, from
 * the Python these machines have), started once per test file on a free port, holding its buckets in
 * memory (docs/decisions/0028-photos-in-a-bucket.md says why moto and not s3rver). It takes any
 * credentials and checks no signature, and serves objects to anonymous GETs, as a public bucket would.
 */
export const MOTO_SERVER = "moto_server";

const CREDENTIALS = { accessKeyId: "test-access-key", secretAccessKey: "test-secret-key" };
const REGION = "us-east-1";

/** Why the bucket tests cannot run here, or null when they can. */
export function motoUnavailable(): string | null {
  const found = spawnSync("sh", ["-c", `command -v ${MOTO_SERVER}`], { encoding: "utf8" });
  return found.status === 0 ? null : `no ${MOTO_SERVER} on PATH (moto's server, from Python's moto[server])`;
}

export interface S3TestServer {
  /** The S3 API's address: `http://127.0.0.1:<port>`. */
  endpoint: string;
  /** A client of this server, for looking at what the shop stored. */
  client: S3Client;
  /**
   * Makes a bucket with a fresh name and answers it; `publicRead` gives it the policy an operator sets
   * for S3_PUBLIC_URL (anyone may GET its objects; without it moto refuses anonymous GETs, 403).
   */
  createBucket(options?: { publicRead?: boolean }): Promise<string>;
  /** The shop's S3_ variables for a bucket of this server (path-style addresses, test credentials). */
  env(bucket: string, extra?: Record<string, string>): Record<string, string>;
  /** The shop's resolved settings for a bucket of this server, as the configuration makes them from `env`. */
  settings(bucket: string): S3Settings;
  /** What moto wrote (its request log, one line a request), the last 256 kB of it. */
  output(): string;
  /** Stops moto (its buckets are gone with it). */
  stop(): Promise<void>;
}

let buckets = 0;

export async function startS3Server(): Promise<S3TestServer> {
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(MOTO_SERVER, ["-H", "127.0.0.1", "-p", String(port)], {
    stdio: ["ignore", "pipe", "pipe"],
    // Python writes its log lines at once, so a failure's message shows the last of them.
    env: { ...process.env, PYTHONUNBUFFERED: "1" },
  });
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-256_000));
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // A test file that dies before its afterAll leaves no moto behind.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  void exited.then(() => process.off("exit", killOnExit));
  child.once("error", (error) => keep(Buffer.from(`spawn failed: ${error.message}`)));

  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`moto_server exited:\n${output}`);
    const up = await fetch(`${endpoint}/moto-api/`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`moto_server did not answer within 20 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  // The SDK's notice that its releases from 2027 need Node 22 (decision 0028), once per process.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const client = new S3Client({ region: REGION, endpoint, forcePathStyle: true, credentials: CREDENTIALS });
  return {
    endpoint,
    client,
    async createBucket({ publicRead = false } = {}) {
      const bucket = `shop-photos-${process.pid}-${++buckets}`;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      if (publicRead) {
        const statement = {
          Effect: "Allow",
          Principal: "*",
          Action: "s3:GetObject",
          Resource: `arn:aws:s3:::${bucket}/*`,
        };
        const policy = JSON.stringify({ Version: "2012-10-17", Statement: [statement] });
        await client.send(new PutBucketPolicyCommand({ Bucket: bucket, Policy: policy }));
      }
      return bucket;
    },
    env: (bucket, extra = {}) => ({
      S3_BUCKET: bucket,
      S3_REGION: REGION,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
      ...extra,
    }),
    settings: (bucket) => ({
      bucket,
      region: REGION,
      endpoint,
      credentials: CREDENTIALS,
      forcePathStyle: true,
      prefix: "",
      publicUrl: undefined,
    }),
    output: () => output,
    async stop() {
      client.destroy();
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
