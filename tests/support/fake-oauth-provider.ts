import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

/**
 * A local OAuth 2 provider for tests (authorization code flow with PKCE S256), shaped like the
 * endpoints auth.server.ts builds from GOOGLE_OAUTH_BASE / FACEBOOK_OAUTH_BASE:
 *
 *   GET  /authorize  checks client_id, redirect_uri, code_challenge (S256) and answers 302 to
 *                    redirect_uri?code=…&state=<the same state>
 *   POST /token      form body: grant_type=authorization_code, code, redirect_uri, client_id,
 *                    client_secret (or HTTP Basic), code_verifier; checks S256(code_verifier)
 *                    against the stored challenge; codes are single-use and expire after a minute
 *   GET  /userinfo   Bearer token → the user the test chose, as Google ({ sub, … }) or Facebook
 *                    ({ id, …, picture: { data: { url } } }) answer it
 */
export interface FakeOAuthUser {
  sub: string;
  email: string;
  name: string;
  picture?: string;
  emailVerified?: boolean;
}

export interface FakeOAuthRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  status: number;
}

export interface FakeOAuthProvider {
  /** Base URL to give the server as GOOGLE_OAUTH_BASE / FACEBOOK_OAUTH_BASE. */
  url: string;
  clientId: string;
  clientSecret: string;
  /** The user the next authorisations sign in as. */
  user: FakeOAuthUser;
  /** When set, /authorize only accepts this redirect_uri (set it once the app's URL is known). */
  redirectUri: string | undefined;
  /** When set, the next /authorize sends the visitor back with this OAuth error instead of a code. */
  nextError: string | undefined;
  /** Every request the provider answered, in order. */
  requests: FakeOAuthRequest[];
  stop(): Promise<void>;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  user: FakeOAuthUser;
  expiresAt: number;
}

const base64url = (buffer: Buffer) => buffer.toString("base64url");
const s256 = (verifier: string) => base64url(createHash("sha256").update(verifier).digest());
const token = () => base64url(randomBytes(24));

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  res.end(JSON.stringify(body));
}

function isHttpUrl(value: string): boolean {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

export async function startFakeOAuthProvider(
  options: {
    clientId?: string;
    clientSecret?: string;
    user?: FakeOAuthUser;
    /** How /userinfo answers: Google's OpenID shape (default) or Facebook's Graph shape. */
    shape?: "google" | "facebook";
  } = {},
): Promise<FakeOAuthProvider> {
  const codes = new Map<string, IssuedCode>();
  const accessTokens = new Map<string, FakeOAuthUser>();
  const shape = options.shape ?? "google";

  const provider: FakeOAuthProvider = {
    url: "",
    clientId: options.clientId ?? "fake-client-id",
    clientSecret: options.clientSecret ?? "fake-client-secret",
    user: options.user ?? {
      sub: "fake-user-1",
      email: "oauth.shopper@example.com",
      name: "OAuth Shopper",
      picture: "https://images.example/avatar.png",
    },
    redirectUri: undefined,
    nextError: undefined,
    requests: [],
    stop: async () => {},
  };

  function authorize(params: URLSearchParams, res: ServerResponse): number {
    const clientId = params.get("client_id") ?? "";
    const redirectUri = params.get("redirect_uri") ?? "";
    if (clientId !== provider.clientId) {
      json(res, 400, { error: "invalid_client", error_description: "unknown client_id" });
      return 400;
    }
    // An unknown redirect_uri is never redirected to (that is the provider's job).
    if (!isHttpUrl(redirectUri) || (provider.redirectUri !== undefined && redirectUri !== provider.redirectUri)) {
      json(res, 400, { error: "invalid_request", error_description: "redirect_uri is not registered" });
      return 400;
    }
    const back = new URL(redirectUri);
    const state = params.get("state");
    if (state !== null) back.searchParams.set("state", state);
    const challenge = params.get("code_challenge") ?? "";
    let error: string | undefined;
    if (params.get("response_type") !== "code") error = "unsupported_response_type";
    else if (!challenge || params.get("code_challenge_method") !== "S256") error = "invalid_request";
    else if (provider.nextError) error = provider.nextError;
    provider.nextError = undefined;
    if (error) {
      back.searchParams.set("error", error);
    } else {
      const code = token();
      codes.set(code, {
        clientId,
        redirectUri,
        codeChallenge: challenge,
        user: { ...provider.user },
        expiresAt: Date.now() + 60_000,
      });
      back.searchParams.set("code", code);
    }
    res.writeHead(302, { location: back.toString(), "cache-control": "no-store" });
    res.end();
    return 302;
  }

  function exchange(req: IncomingMessage, params: URLSearchParams, res: ServerResponse): number {
    let clientId = params.get("client_id") ?? "";
    let clientSecret = params.get("client_secret") ?? "";
    const basic = /^Basic\s+(.+)$/i.exec(req.headers.authorization ?? "");
    if (basic) {
      const [id, secret] = Buffer.from(basic[1]!, "base64").toString("utf8").split(":");
      clientId = decodeURIComponent(id ?? "");
      clientSecret = decodeURIComponent(secret ?? "");
    }
    if (clientId !== provider.clientId || clientSecret !== provider.clientSecret) {
      json(res, 401, { error: "invalid_client" });
      return 401;
    }
    if (params.get("grant_type") !== "authorization_code") {
      json(res, 400, { error: "unsupported_grant_type" });
      return 400;
    }
    const code = params.get("code") ?? "";
    const issued = codes.get(code);
    codes.delete(code); // single use, whatever happens next
    const verifier = params.get("code_verifier") ?? "";
    if (
      !issued ||
      issued.expiresAt < Date.now() ||
      issued.clientId !== clientId ||
      issued.redirectUri !== params.get("redirect_uri") ||
      !verifier ||
      s256(verifier) !== issued.codeChallenge
    ) {
      json(res, 400, { error: "invalid_grant" });
      return 400;
    }
    const accessToken = token();
    accessTokens.set(accessToken, issued.user);
    json(res, 200, { access_token: accessToken, token_type: "Bearer", expires_in: 3600 });
    return 200;
  }

  function userInfo(req: IncomingMessage, res: ServerResponse): number {
    const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? "")?.[1];
    const user = bearer ? accessTokens.get(bearer) : undefined;
    if (!user) {
      json(res, 401, { error: "invalid_token" });
      return 401;
    }
    const verified = user.emailVerified ?? true;
    json(
      res,
      200,
      shape === "google"
        ? { sub: user.sub, email: user.email, email_verified: verified, name: user.name, picture: user.picture }
        : { id: user.sub, email: user.email, name: user.name, picture: { data: { url: user.picture } } },
    );
    return 200;
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://fake.invalid");
      const body = req.method === "POST" ? await readBody(req) : "";
      const params = req.method === "POST" ? new URLSearchParams(body) : url.searchParams;
      let status = 404;
      if (req.method === "GET" && url.pathname === "/authorize") status = authorize(params, res);
      else if (req.method === "POST" && url.pathname === "/token") status = exchange(req, params, res);
      else if (req.method === "GET" && url.pathname === "/userinfo") status = userInfo(req, res);
      else json(res, 404, { error: "not_found" });
      provider.requests.push({
        method: req.method ?? "GET",
        path: url.pathname,
        params: Object.fromEntries(params),
        status,
      });
    })().catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, { error: "server_error", error_description: String(error) });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  provider.url = `http://127.0.0.1:${port}`;
  provider.stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return provider;
}
