import { expect } from "@playwright/test";
import { smtpSinkHttpUrl } from "../../../playwright.config";

/** A mail as the e2e server's SMTP sink received it (playwright.config.ts: SMTP_URL; tests/support/smtp-sink.ts). */
export interface SinkMail {
  from: string;
  to: string[];
  subject: string;
  messageId: string;
  raw: string;
}

/** The mails the sink received for an address, oldest first, raw message included. */
export async function mailsTo(to: string): Promise<SinkMail[]> {
  const response = await fetch(`${smtpSinkHttpUrl}/__test__/mails?to=${encodeURIComponent(to)}`);
  expect(response.status, "the SMTP sink's mail list").toBe(200);
  return ((await response.json()) as { mails: SinkMail[] }).mails;
}
