import { describe, expect, it } from "vitest";
import { customerE164, parseE164, whatsappAddress } from "~/modules/notifications/phone-numbers";
import { statusFromTwilio } from "~/modules/notifications/status-callback.server";

describe("parseE164", () => {
  it("keeps a number that is E.164 already", () => {
    expect(parseE164("+14155238886")).toBe("+14155238886");
    expect(parseE164("+442079460958")).toBe("+442079460958");
  });

  it("reads a number written with spaces, dashes, dots and parentheses", () => {
    expect(parseE164("+1 415 523 8886")).toBe("+14155238886");
    expect(parseE164("+1-415-523-8886")).toBe("+14155238886");
    expect(parseE164("+1 (415) 523-8886")).toBe("+14155238886");
    expect(parseE164("+1.415.523.8886")).toBe("+14155238886");
    expect(parseE164("  +44 20 7946 0958\t")).toBe("+442079460958");
  });

  it("drops the whatsapp: prefix, in any case", () => {
    expect(parseE164("whatsapp:+14155238886")).toBe("+14155238886");
    expect(parseE164("WhatsApp:+1 (415) 523-8886")).toBe("+14155238886");
    expect(parseE164(" whatsapp:+14155238886 ")).toBe("+14155238886");
  });

  it("takes 7 to 15 digits after the +", () => {
    expect(parseE164("+1234567")).toBe("+1234567");
    expect(parseE164("+123456789012345")).toBe("+123456789012345");
  });

  it("rejects a number that is too short", () => {
    expect(parseE164("+123456")).toBeNull();
    expect(parseE164("+1")).toBeNull();
    expect(parseE164("12345")).toBeNull();
  });

  it("rejects a number that is too long", () => {
    expect(parseE164("+1234567890123456")).toBeNull();
    expect(parseE164("+1 415 523 8886 1234 5")).toBeNull();
  });

  it("rejects a country code starting with 0", () => {
    expect(parseE164("+04155238886")).toBeNull();
    expect(parseE164("+0 20 7946 0958")).toBeNull();
  });

  it("rejects letters and other characters", () => {
    expect(parseE164("+1415CALLNOW")).toBeNull();
    expect(parseE164("+1 415 abc 8886")).toBeNull();
    expect(parseE164("+1/415/523/8886")).toBeNull();
    expect(parseE164("++14155238886")).toBeNull();
    expect(parseE164("sms:+14155238886")).toBeNull();
  });

  it("rejects a number without the + (it may be national)", () => {
    expect(parseE164("14155238886")).toBeNull();
    expect(parseE164("(415) 523-8886")).toBeNull();
  });

  it("answers null for nothing", () => {
    expect(parseE164("")).toBeNull();
    expect(parseE164("   ")).toBeNull();
    expect(parseE164(null)).toBeNull();
    expect(parseE164(undefined)).toBeNull();
    expect(parseE164("whatsapp:")).toBeNull();
  });
});

describe("customerE164", () => {
  it("keeps an international number as typed, whatever the country", () => {
    expect(customerE164("+1 503 555 0199", "US")).toBe("+15035550199");
    expect(customerE164("+44 20 7946 0958", "GB")).toBe("+442079460958");
    expect(customerE164("+44 20 7946 0958", null)).toBe("+442079460958");
    expect(customerE164("whatsapp:+4915123456789", "DE")).toBe("+4915123456789");
  });

  it("adds +1 to a ten-digit US or Canadian number", () => {
    expect(customerE164("(503) 555-0100", "US")).toBe("+15035550100");
    expect(customerE164("503-555-0100", "US")).toBe("+15035550100");
    expect(customerE164("503.555.0100", "CA")).toBe("+15035550100");
    expect(customerE164("4165550123", "ca")).toBe("+14165550123");
  });

  it("reads eleven digits starting with 1 as +1 and the number", () => {
    expect(customerE164("1 (503) 555-0100", "US")).toBe("+15035550100");
    expect(customerE164("15035550100", "CA")).toBe("+15035550100");
  });

  it("does not guess for a ten-digit number whose area code starts with 0 or 1", () => {
    expect(customerE164("0035550100", "US")).toBeNull();
    expect(customerE164("1035550100", "US")).toBeNull();
  });

  it("does not guess for other lengths", () => {
    expect(customerE164("555-0100", "US")).toBeNull();
    expect(customerE164("25035550100", "US")).toBeNull();
    expect(customerE164("503555010012", "US")).toBeNull();
  });

  it("answers null for another country's number without the +", () => {
    expect(customerE164("020 7946 0958", "GB")).toBeNull();
    expect(customerE164("5035550100", "MX")).toBeNull();
    expect(customerE164("15035550100", "DE")).toBeNull();
  });

  it("answers null without a number or, for a national number, without a country", () => {
    expect(customerE164(null, "US")).toBeNull();
    expect(customerE164(undefined, "US")).toBeNull();
    expect(customerE164("", "US")).toBeNull();
    expect(customerE164("5035550100", null)).toBeNull();
    expect(customerE164("5035550100", undefined)).toBeNull();
    expect(customerE164("5035550100", "")).toBeNull();
  });
});

describe("whatsappAddress", () => {
  it("puts Twilio's whatsapp: prefix before the number", () => {
    expect(whatsappAddress("+14155238886")).toBe("whatsapp:+14155238886");
  });

  it("gives back what parseE164 reads", () => {
    expect(parseE164(whatsappAddress("+442079460958"))).toBe("+442079460958");
  });
});

describe("statusFromTwilio", () => {
  it("queued and sent (and accepted, sending) are sent", () => {
    expect(statusFromTwilio("queued")).toBe("sent");
    expect(statusFromTwilio("sent")).toBe("sent");
    expect(statusFromTwilio("accepted")).toBe("sent");
    expect(statusFromTwilio("sending")).toBe("sent");
  });

  it("delivered and read are delivered", () => {
    expect(statusFromTwilio("delivered")).toBe("delivered");
    expect(statusFromTwilio("read")).toBe("delivered");
  });

  it("failed and undelivered are failed", () => {
    expect(statusFromTwilio("failed")).toBe("failed");
    expect(statusFromTwilio("undelivered")).toBe("failed");
  });

  it("anything else says nothing new", () => {
    expect(statusFromTwilio("receiving")).toBeNull();
    expect(statusFromTwilio("canceled")).toBeNull();
    expect(statusFromTwilio("DELIVERED")).toBeNull();
    expect(statusFromTwilio("")).toBeNull();
  });
});
