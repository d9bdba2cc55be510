import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * A real local SMTP server (the `smtp-server` package) that keeps every mail it receives, for the
 * integration and browser suites. `rejectNext(code)` answers the next RCPT with an SMTP error (550:
 * permanent, 451: try later). With `httpPort`, it also answers GET /__test__/mails for tests in another
 * process: `{ mails: [{ from, to, subject, messageId }] }`, or with `?to=<address>` that recipient's
 * mails with their `raw` message too.
 */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  messageId: string;
  raw: string;
}

export interface SmtpSink {
  url: string;
  port: number;
  mails: ReceivedMail[];
  rejectNext(code: number, times?: number): void;
  close(): Promise<void>;
}

function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? "";
  // Unfold continuation lines first.
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const match = new RegExp(`^${name}:[ \\t]*(.*)$`, "im").exec(unfolded);
  return match?.[1]?.trim() ?? "";
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

export async function startSmtpSink(options: { port?: number; httpPort?: number } = {}): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const rejections: number[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      const code = rejections.shift();
      if (code)
        return callback(
          Object.assign(new Error(code >= 500 ? "Mailbox unavailable" : "Try again later"), { responseCode: code }),
        );
      callback();
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: header(raw, "Subject"),
          messageId: header(raw, "Message-ID"),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (smtp.server.address() as AddressInfo).port;

  let http: ReturnType<typeof createServer> | null = null;
  if (options.httpPort !== undefined) {
    http = createServer((req: IncomingMessage, res: ServerResponse) => {
      const url = new URL(req.url ?? "/", "http://smtp-sink");
      if (url.pathname === "/__test__/health") return json(res, 200, { ok: true });
      if (url.pathname !== "/__test__/mails" || req.method !== "GET") {
        return json(res, 404, { error: "no such test route" });
      }
      // ?to=<address>: that recipient's mails, raw message included; without it, all of them without.
      const to = url.searchParams.get("to")?.trim().toLowerCase();
      if (to) return json(res, 200, { mails: mails.filter((m) => m.to.some((r) => r.toLowerCase() === to)) });
      json(res, 200, { mails: mails.map(({ raw: _raw, ...m }) => m) });
    });
    await new Promise<void>((resolve) => http!.listen(options.httpPort, "127.0.0.1", resolve));
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    rejectNext(code, times = 1) {
      for (let i = 0; i < times; i++) rejections.push(code);
    },
    async close() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      if (http) await new Promise<void>((resolve) => http!.close(() => resolve()));
    },
  };
}
