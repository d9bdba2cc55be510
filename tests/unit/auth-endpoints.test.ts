import { describe, expect, it } from "vitest";
import { openAuthEndpoint } from "~/modules/accounts/auth-endpoints.server";

describe("the auth library's open endpoints", () => {
  it.each([
    ["POST", "/api/auth/sign-in/social"],
    ["GET", "/api/auth/callback/google"],
    ["GET", "/api/auth/callback/facebook"],
    ["POST", "/api/auth/sign-out"],
    ["GET", "/api/auth/reset-password/AbC123xyz"],
    ["GET", "/api/auth/verify-email"],
  ])("opens %s %s", (method, path) => {
    expect(openAuthEndpoint(method, path)).not.toBeNull();
  });

  it.each([
    ["POST", "/api/auth/sign-in/email"],
    ["POST", "/api/auth/sign-up/email"],
    ["POST", "/api/auth/request-password-reset"],
    ["POST", "/api/auth/reset-password"],
    ["POST", "/api/auth/update-user"],
    ["GET", "/api/auth/get-session"],
    // Only the listed method.
    ["GET", "/api/auth/sign-in/social"],
    ["HEAD", "/api/auth/callback/google"],
    ["POST", "/api/auth/callback/google"],
    ["GET", "/api/auth/sign-out"],
    // Exact paths only: nothing a router might read as another endpoint.
    ["POST", "/api/auth//sign-out"],
    ["POST", "/api/auth/sign-out/"],
    ["POST", "/api/auth/SIGN-OUT"],
    ["GET", "/api/auth/callback/"],
    ["GET", "/api/auth/callback/google/extra"],
    ["GET", "/api/auth/callback/..%2Fsign-in%2Femail"],
    ["GET", "/api/auth/callback/google%2F..%2Fupdate-user"],
    ["GET", "/api/auth/reset-password/abc.def"],
    ["POST", "/api/authsign-out"],
    ["POST", "/sign-out"],
  ])("closes %s %s", (method, path) => {
    expect(openAuthEndpoint(method, path)).toBeNull();
  });
});
