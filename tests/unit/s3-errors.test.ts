import { NoSuchBucket, NoSuchKey, NotFound, S3ServiceException } from "@aws-sdk/client-s3";
import { describe, expect, it } from "vitest";
import { describeS3Error, isBucketUnavailable, isMissingObject } from "~/lib/s3-client.server";

const metadata = (httpStatusCode: number) => ({ $metadata: { httpStatusCode } });
const serviceError = (name: string, status: number, fault: "client" | "server") =>
  new S3ServiceException({ name, $fault: fault, message: `${name} happened`, ...metadata(status) });
const networkError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:9000`), { code });

describe("what the S3 SDK's errors mean to the photo storage", () => {
  it("a missing object is GetObject's NoSuchKey or a HEAD's bare 404, never a missing bucket", () => {
    expect(isMissingObject(new NoSuchKey({ message: "gone", ...metadata(404) }))).toBe(true);
    expect(isMissingObject(new NotFound({ message: "", ...metadata(404) }))).toBe(true);
    expect(isMissingObject(new NoSuchBucket({ message: "no bucket", ...metadata(404) }))).toBe(false);
    expect(isMissingObject(serviceError("AccessDenied", 403, "client"))).toBe(false);
    expect(isMissingObject(networkError("ECONNREFUSED"))).toBe(false);
    expect(isMissingObject(null)).toBe(false);
  });

  it("an unavailable bucket is no connection, a timeout or a 5xx; a refusal or a bug is not", () => {
    for (const outage of [
      networkError("ECONNREFUSED"),
      networkError("ECONNRESET"),
      networkError("ENOTFOUND"),
      Object.assign(new Error("request timed out"), { name: "TimeoutError" }),
      serviceError("InternalError", 500, "server"),
      serviceError("ServiceUnavailable", 503, "server"),
      serviceError("SlowDown", 503, "client"),
    ]) {
      expect(isBucketUnavailable(outage), String(outage)).toBe(true);
    }
    for (const refusal of [
      serviceError("AccessDenied", 403, "client"),
      new NoSuchBucket({ message: "no bucket", ...metadata(404) }),
      serviceError("InvalidAccessKeyId", 403, "client"),
      new TypeError("Cannot read properties of undefined"),
      "a string",
      undefined,
    ]) {
      expect(isBucketUnavailable(refusal), String(refusal)).toBe(false);
    }
  });

  it("describes an error in one short line without its stack", () => {
    expect(describeS3Error(serviceError("SlowDown", 503, "server"))).toBe("SlowDown HTTP 503 SlowDown happened");
    expect(describeS3Error(networkError("ECONNREFUSED"))).toBe(
      "Error ECONNREFUSED connect ECONNREFUSED 127.0.0.1:9000",
    );
    const long = describeS3Error(new Error(`line one\n${"x".repeat(1000)}`));
    expect(long.length).toBeLessThanOrEqual(300);
  });
});
