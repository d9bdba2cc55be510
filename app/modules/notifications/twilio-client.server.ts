import { z } from "zod";

/**
 * WhatsApp through Twilio's Messages API (POST /2010-04-01/Accounts/{AccountSid}/Messages.json, Basic
 * auth, form-encoded). A plain fetch rather than the `twilio` package's client: the package cannot be
 * pointed at another host, and this is one form POST (the package does check our status callbacks).
 */
export interface WhatsAppMessage {
  /** `whatsapp:+E164`. */
  to: string;
  body: string;
  /** Where Twilio reports the message's delivery (our /api/notifications/twilio-status). */
  statusCallback?: string;
}

export interface WhatsAppSender {
  send(message: WhatsAppMessage): Promise<{ sid: string; status: string }>;
}

/** Twilio answered with an error: its HTTP status and its error code (21211, 63007…). */
export class TwilioApiError extends Error {
  override name = "TwilioApiError";
  constructor(
    readonly httpStatus: number,
    readonly code: number | null,
    message: string,
  ) {
    super(message);
  }
}

/** No answer from Twilio: refused, reset or timed out. */
export class TwilioUnreachableError extends Error {
  override name = "TwilioUnreachableError";
}

const created = z.object({ sid: z.string().min(1), status: z.string() });
const failed = z.object({ code: z.number().nullable().optional(), message: z.string().optional() });

export interface TwilioClientOptions {
  accountSid: string;
  authToken: string;
  /** `whatsapp:+E164` of the sender. */
  from: string;
  apiBase: string;
  timeoutMs: number;
}

export function createTwilioClient(options: TwilioClientOptions): WhatsAppSender {
  const url = `${options.apiBase.replace(/\/+$/, "")}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString("base64")}`;
  return {
    async send(message) {
      const form = new URLSearchParams({ To: message.to, From: options.from, Body: message.body });
      if (message.statusCallback) form.set("StatusCallback", message.statusCallback);
      let response: Response;
      try {
        response = await fetch(url, {
          method: "POST",
          headers: { authorization, "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
          body: form,
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        const e = error as { name?: string; cause?: { code?: string }; message?: string };
        const detail =
          e.name === "TimeoutError"
            ? `no answer from Twilio within ${options.timeoutMs} ms`
            : `Twilio could not be reached (${e.cause?.code ?? e.message ?? "network error"})`;
        throw new TwilioUnreachableError(detail);
      }
      const text = await response.text().catch(() => "");
      const json = safeJson(text);
      if (!response.ok) {
        const parsed = failed.safeParse(json);
        const body = parsed.success ? parsed.data : {};
        throw new TwilioApiError(response.status, body.code ?? null, body.message ?? `HTTP ${response.status}`);
      }
      const parsed = created.safeParse(json);
      if (!parsed.success) throw new TwilioApiError(response.status, null, "Twilio's answer had no message sid");
      return parsed.data;
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
