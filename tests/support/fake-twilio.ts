import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/**
 * A local Twilio that speaks the part of the documented API the shop uses: the Messages resource
 * (POST /2010-04-01/Accounts/{AccountSid}/Messages.json — Basic auth with the account sid and auth token,
 * form-encoded To, From, Body, StatusCallback; 201 with the message resource, or Twilio's error JSON
 * `{ code, message, more_info, status }`) and status callbacks to the StatusCallback URL, signed with
 * X-Twilio-Signature (HMAC-SHA1 over the URL and the sorted parameters, base64) — computed here from the
 * documentation, independently of the `twilio` package the shop verifies them with.
 *
 * Tests script failures: an error answer for the next n requests, Twilio down (500), slow answers
 * (timeouts), and the port closed (connection refused) with `stop()` / `start()` on the same port.
 * The /__test__ routes let a test in another process (the browser suite) do the same over HTTP.
 */
export const FAKE_TWILIO_ACCOUNT_SID = "AC00000000000000000000000000000001";
export const FAKE_TWILIO_AUTH_TOKEN = "fake-twilio-auth-token-0001";
export const FAKE_TWILIO_FROM = "+14155238886";

export interface FakeTwilioMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  statusCallback: string | null;
  createdAt: number;
}

export interface ScriptedError {
  status: number;
  code: number;
  message: string;
  /** Only a send to this address (`whatsapp:+…`) takes this error; any send when unset. */
  to?: string;
}

export interface FakeTwilio {
  url: string;
  port: number;
  /** Messages Twilio accepted, in order. */
  messages: FakeTwilioMessage[];
  /** Every request to the Messages resource, accepted or not. */
  requests: number;
  /** The next `times` sends answer this error. */
  failNext(error: ScriptedError, times?: number): void;
  /** Every send answers 500 until `down(false)`. */
  down(on: boolean): void;
  /** Every send waits this long before answering (0 = at once). */
  delay(ms: number): void;
  /** Closes the port (connections are refused) / opens it again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Posts a correctly signed status callback for a message to its StatusCallback URL; answers the HTTP status. */
  report(sid: string, status: string, errorCode?: string): Promise<number>;
}

/** Twilio's request signature: base64(HMAC-SHA1(authToken, url + each sorted key + its value)). */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

const E164_WHATSAPP = /^whatsapp:\+[1-9]\d{6,14}$/;

export async function startFakeTwilio(
  options: { port?: number; accountSid?: string; authToken?: string } = {},
): Promise<FakeTwilio> {
  const accountSid = options.accountSid ?? FAKE_TWILIO_ACCOUNT_SID;
  const authToken = options.authToken ?? FAKE_TWILIO_AUTH_TOKEN;
  const messages: FakeTwilioMessage[] = [];
  const scripted: ScriptedError[] = [];
  let isDown = false;
  let delayMs = 0;
  let server: Server | null = null;
  let port = options.port ?? 0;
  const sockets = new Set<Socket>();
  let requests = 0;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, e: ScriptedError) =>
    send(res, e.status, {
      code: e.code,
      message: e.message,
      more_info: `https://www.twilio.com/docs/errors/${e.code}`,
      status: e.status,
    });

  async function readBody(req: IncomingMessage): Promise<string> {
    let body = "";
    for await (const chunk of req) body += chunk;
    return body;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://fake-twilio");
    if (url.pathname.startsWith("/__test__/")) return handleTest(url, req, res);
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(url.pathname);
    if (!match || req.method !== "POST")
      return send(res, 404, { code: 20404, message: "The requested resource was not found", status: 404 });
    requests++;
    const form = new URLSearchParams(await readBody(req));
    if (delayMs > 0) {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      // The caller gave up waiting (a timeout): as if the request never reached Twilio, nothing is sent.
      if (res.destroyed || !res.socket || res.socket.destroyed) return;
    }
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
    if (req.headers.authorization !== expected || match[1] !== accountSid) {
      return error(res, { status: 401, code: 20003, message: "Authenticate" });
    }
    if (isDown) return error(res, { status: 500, code: 20500, message: "Internal Server Error" });
    const to = form.get("To") ?? "";
    const scriptedAt = scripted.findIndex((e) => !e.to || e.to === to);
    if (scriptedAt >= 0) return error(res, scripted.splice(scriptedAt, 1)[0]!);
    const from = form.get("From") ?? "";
    const body = form.get("Body") ?? "";
    if (!E164_WHATSAPP.test(to)) {
      return error(res, { status: 400, code: 21211, message: `The 'To' number ${to} is not a valid phone number.` });
    }
    if (!E164_WHATSAPP.test(from)) {
      return error(res, {
        status: 400,
        code: 63007,
        message: "Twilio could not find a Channel with the specified From address",
      });
    }
    if (!body || body.length > 1600) {
      return error(res, {
        status: 400,
        code: 21617,
        message: "The concatenated message body exceeds the 1600 character limit.",
      });
    }
    const sid = `SM${randomBytes(16).toString("hex")}`;
    messages.push({ sid, to, from, body, statusCallback: form.get("StatusCallback"), createdAt: Date.now() });
    return send(res, 201, {
      sid,
      account_sid: accountSid,
      to,
      from,
      body,
      status: "queued",
      num_segments: "1",
      direction: "outbound-api",
      date_created: new Date().toUTCString(),
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
    });
  }

  async function handleTest(url: URL, req: IncomingMessage, res: ServerResponse) {
    if (url.pathname === "/__test__/health") return send(res, 200, { ok: true });
    if (url.pathname === "/__test__/messages") return send(res, 200, { messages });
    if (url.pathname === "/__test__/fail-next" && req.method === "POST") {
      const e = JSON.parse(await readBody(req)) as ScriptedError & { times?: number };
      fake.failNext(e, e.times ?? 1);
      return send(res, 200, { ok: true });
    }
    if (url.pathname === "/__test__/report" && req.method === "POST") {
      const r = JSON.parse(await readBody(req)) as { sid: string; status: string; errorCode?: string };
      return send(res, 200, { status: await fake.report(r.sid, r.status, r.errorCode) });
    }
    return send(res, 404, { error: "no such test route" });
  }

  const fake: FakeTwilio = {
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    messages,
    get requests() {
      return requests;
    },
    failNext(e, times = 1) {
      for (let i = 0; i < times; i++) scripted.push(e);
    },
    down(on) {
      isDown = on;
    },
    delay(ms) {
      delayMs = ms;
    },
    async start() {
      if (server) return;
      const s = createServer((req, res) => {
        handle(req, res).catch((e: unknown) => send(res, 500, { message: String(e) }));
      });
      s.on("connection", (socket) => {
        sockets.add(socket);
        socket.on("close", () => sockets.delete(socket));
      });
      await new Promise<void>((resolve, reject) => {
        s.once("error", reject);
        s.listen(port, "127.0.0.1", () => resolve());
      });
      port = (s.address() as AddressInfo).port;
      server = s;
    },
    async stop() {
      const s = server;
      server = null;
      if (!s) return;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    async report(sid, status, errorCode) {
      const message = messages.find((m) => m.sid === sid);
      if (!message?.statusCallback) throw new Error(`no message ${sid} with a status callback`);
      const params: Record<string, string> = {
        AccountSid: accountSid,
        MessageSid: sid,
        SmsSid: sid,
        MessageStatus: status,
        SmsStatus: status,
        To: message.to,
        From: message.from,
        ApiVersion: "2010-04-01",
        ...(errorCode ? { ErrorCode: errorCode } : {}),
      };
      const response = await fetch(message.statusCallback, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-twilio-signature": twilioSignature(authToken, message.statusCallback, params),
        },
        body: new URLSearchParams(params),
      });
      return response.status;
    },
  };
  await fake.start();
  return fake;
}
