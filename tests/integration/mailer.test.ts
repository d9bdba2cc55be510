import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MailError, OutboxMailer, SmtpMailer } from "~/modules/notifications/mailer.server";

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let smtp: SMTPServer;
let port: number;
const received: Received[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith("refused@"))
        return callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  port = (smtp.server.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe("SMTP mailer against a real local SMTP server", () => {
  it("delivers a message", async () => {
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, "Shop <shop@example.com>", { ignoreTLS: true });
    await mailer.send({ to: "ana@example.com", subject: "Your order ORD-12345678", text: "Thank you for your order." });
    const mail = received.at(-1)!;
    expect(mail.to).toEqual(["ana@example.com"]);
    expect(mail.from).toBe("shop@example.com");
    expect(mail.raw).toContain("Subject: Your order ORD-12345678");
    expect(mail.raw).toContain("Thank you for your order.");
  });

  it("reports a refused recipient with its SMTP code", async () => {
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, "shop@example.com", { ignoreTLS: true });
    const error = await mailer.send({ to: "refused@example.com", subject: "Hi", text: "x" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailError);
    expect((error as MailError).responseCode).toBe(550);
  });

  it("never lets text add a header", async () => {
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, "shop@example.com", { ignoreTLS: true });
    await expect(
      mailer.send({ to: "ana@example.com", subject: "Hello\r\nBcc: victim@example.com", text: "x" }),
    ).rejects.toThrow();
    await expect(
      mailer.send({ to: "ana@example.com\r\nBcc: victim@example.com", subject: "Hi", text: "x" }),
    ).rejects.toThrow();
    expect(received.flatMap((m) => m.to)).not.toContain("victim@example.com");
  });
});

describe("outbox mailer", () => {
  it("writes mail to DATA_DIR/outbox, newest first", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "abundance-outbox-"));
    try {
      const outbox = new OutboxMailer(dir, "shop@example.com");
      await outbox.send({ to: "a@example.com", subject: "First", text: "1" });
      await new Promise((r) => setTimeout(r, 5));
      await outbox.send({ to: "b@example.com", subject: "Second", text: "2" });
      const mails = await outbox.list();
      expect(mails.map((m) => m.subject)).toEqual(["Second", "First"]);
      expect(mails[0]!.from).toBe("shop@example.com");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
