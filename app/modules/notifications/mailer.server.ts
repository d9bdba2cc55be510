import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import { z } from "zod";

/** An e-mail to send. Addresses are validated; nodemailer encodes headers, so text never adds one. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * The Message-ID header, `<…@…>`: the same on every retry of one notification, so a mail sent twice
   * (a retry after a lost answer) is one message to the mail clients that de-duplicate by it.
   */
  messageId?: string;
  /** The sender's name shown to the reader (the store's name); the address stays MAIL_FROM's. */
  fromName?: string;
  /**
   * The unsubscribe URL of a marketing mail (RFC 8058): sent as `List-Unsubscribe: <url>` with
   * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, so mail clients offer a one-click unsubscribe.
   */
  unsubscribeUrl?: string;
}

/** MAIL_FROM's address ("Shop <shop@x>" or "shop@x") under another display name. */
export function senderWithName(from: string, name: string | undefined): { name: string; address: string } | string {
  const display = name?.replace(/[\r\n"<>]/g, " ").trim();
  if (!display) return from;
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  return { name: display, address };
}

function senderText(sender: { name: string; address: string } | string): string {
  return typeof sender === "string" ? sender : `"${sender.name}" <${sender.address}>`;
}

export interface SentMail {
  id: string;
  /** Where it went: the SMTP server's message id, or the outbox file. */
  via: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
  /** Closes kept-open connections (at shutdown). */
  close?(): void;
}

const messageSchema = z.object({
  to: z.email(),
  // A subject is one line: CR/LF would start a new header.
  subject: z
    .string()
    .min(1)
    .max(300)
    .refine((s) => !/[\r\n]/.test(s), "must be one line"),
  text: z.string().min(1),
  html: z.string().optional(),
  messageId: z
    .string()
    .regex(/^<[\w.+-]+@[\w.-]+>$/)
    .optional(),
  fromName: z.string().max(200).optional(),
  unsubscribeUrl: z
    .url({ protocol: /^https?$/ })
    .refine((u) => !/[\r\n<>\s]/.test(u), "must be one plain URL")
    .optional(),
});

/** The headers of a one-click unsubscribe (RFC 8058), for a mail that names its unsubscribe URL. */
export function unsubscribeHeaders(url: string | undefined): Record<string, string> {
  return url ? { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : {};
}

export class MailError extends Error {
  override name = "MailError";
  constructor(
    message: string,
    readonly responseCode?: number,
  ) {
    super(message);
  }
}

/** Real delivery through SMTP_URL (smtp:// with STARTTLS, smtps:// for implicit TLS). */
export class SmtpMailer implements Mailer {
  /** nodemailer is loaded only where mail goes out by SMTP: ~14 MB of each process's memory otherwise (issue 15). */
  private transport: Promise<Transporter>;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    options: { ignoreTLS?: boolean; timeoutMs?: number } = {},
  ) {
    const url = new URL(smtpUrl);
    this.transport = import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        host: url.hostname,
        port: Number(url.port || (url.protocol === "smtps:" ? 465 : 587)),
        secure: url.protocol === "smtps:",
        auth: url.username
          ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
          : undefined,
        ignoreTLS: options.ignoreTLS ?? false,
        // A few connections kept open and reused: the notification worker sends in parallel.
        pool: true,
        maxConnections: 5,
        // A silent server fails the try instead of holding it (the worker retries later).
        connectionTimeout: options.timeoutMs ?? 10_000,
        greetingTimeout: options.timeoutMs ?? 10_000,
        socketTimeout: options.timeoutMs ?? 10_000,
      }),
    );
    // A failure surfaces at the first send; until then it must not count as unhandled.
    this.transport.catch(() => undefined);
  }

  close(): void {
    void this.transport.then((transport) => transport.close());
  }

  async send(message: MailMessage): Promise<SentMail> {
    const m = messageSchema.parse(message);
    const transport = await this.transport;
    try {
      const info = await transport.sendMail({
        from: senderWithName(this.from, m.fromName),
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        ...(m.messageId ? { messageId: m.messageId } : {}),
        headers: unsubscribeHeaders(m.unsubscribeUrl),
      });
      return { id: String(info.messageId), via: String(info.messageId) };
    } catch (error) {
      const e = error as { message?: string; responseCode?: number };
      throw new MailError(e.message ?? "SMTP delivery failed", e.responseCode);
    }
  }
}

export interface OutboxMail extends Omit<MailMessage, "unsubscribeUrl"> {
  id: string;
  /** Extra headers the mail carries (List-Unsubscribe…). */
  headers?: Record<string, string>;
  from: string;
  createdAt: string;
}

/** Without SMTP: mail is written to DATA_DIR/outbox as JSON, readable by admins (and tests). */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly dir: string,
    private readonly from: string,
  ) {}

  async send(message: MailMessage): Promise<SentMail> {
    const m = messageSchema.parse(message);
    await mkdir(this.dir, { recursive: true });
    const id = randomUUID();
    const createdAt = new Date().toISOString();
    const file = path.join(this.dir, `${createdAt.replace(/[:.]/g, "-")}-${id}.json`);
    const { fromName, unsubscribeUrl, ...rest } = m;
    const headers = unsubscribeHeaders(unsubscribeUrl);
    const mail: OutboxMail = {
      id,
      from: senderText(senderWithName(this.from, fromName)),
      createdAt,
      ...rest,
      ...(unsubscribeUrl ? { headers } : {}),
    };
    // Written under another name, then renamed: a reader never sees half a mail.
    await writeFile(`${file}.tmp`, JSON.stringify(mail, null, 2), { mode: 0o600 });
    await rename(`${file}.tmp`, file);
    return { id, via: file };
  }

  /** Newest first. */
  async list(limit = 50): Promise<OutboxMail[]> {
    let names: string[];
    try {
      names = (await readdir(this.dir)).filter((n) => n.endsWith(".json"));
    } catch {
      return [];
    }
    names.sort().reverse();
    return Promise.all(
      names.slice(0, limit).map(async (n) => JSON.parse(await readFile(path.join(this.dir, n), "utf8")) as OutboxMail),
    );
  }

  /** One mail by the id `send` returned; null when there is none. */
  async read(id: string): Promise<OutboxMail | null> {
    if (!/^[0-9a-f-]{36}$/.test(id)) return null;
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return null;
    }
    const name = names.find((n) => n.endsWith(`-${id}.json`));
    return name ? (JSON.parse(await readFile(path.join(this.dir, name), "utf8")) as OutboxMail) : null;
  }
}

export function createMailer(config: {
  smtpUrl: string | undefined;
  mailFrom: string;
  dataDir: string;
  notificationTimeoutMs?: number;
}): Mailer {
  return config.smtpUrl
    ? new SmtpMailer(config.smtpUrl, config.mailFrom, { timeoutMs: config.notificationTimeoutMs })
    : new OutboxMailer(path.join(config.dataDir, "outbox"), config.mailFrom);
}
