import { describe, expect, it } from "vitest";
import { settingsChanges } from "~/modules/settings/settings-changes";
import { DEFAULT_SETTINGS } from "~/modules/settings/settings-defaults";
import { SECTION_SCHEMAS, SETTINGS_SECTIONS } from "~/modules/settings/settings-schema";
import { fieldErrorsOf } from "~/modules/settings/settings.server";

describe("shop settings", () => {
  it("has defaults every section's schema accepts", () => {
    for (const section of SETTINGS_SECTIONS) {
      expect(SECTION_SCHEMAS[section].safeParse(DEFAULT_SETTINGS[section]).success, section).toBe(true);
    }
  });

  it("refuses what would break the shop, field by field, in words", () => {
    const shipping = SECTION_SCHEMAS.shipping.safeParse({
      ...DEFAULT_SETTINGS.shipping,
      rates: { ...DEFAULT_SETTINGS.shipping.rates, standard: -1 },
      shipsTo: [],
      taxPercent: 8.8751,
      usStateTax: { "new york": 8 },
    });
    expect(shipping.success).toBe(false);
    expect(fieldErrorsOf(shipping.error!.issues)).toMatchObject({
      "rates.standard": "Standard rate cannot be negative",
      shipsTo: "Ship to at least one country",
      taxPercent: "Tax rate has at most three decimals",
    });
    const store = SECTION_SCHEMAS.store.safeParse({
      ...DEFAULT_SETTINGS.store,
      name: "  ",
      contactEmail: "nobody",
      timeZone: "Mars/Olympus",
      logoUrl: "https://evil.example/x.png",
    });
    expect(fieldErrorsOf(store.error!.issues)).toMatchObject({
      name: "Store name is required",
      contactEmail: "Contact e-mail must be a valid e-mail address",
      timeZone: "Choose a time zone",
      logoUrl: "Choose an uploaded image",
    });
    const pages = SECTION_SCHEMAS.pages.safeParse({
      ...DEFAULT_SETTINGS.pages,
      hero: { ...DEFAULT_SETTINGS.pages.hero, buttonHref: "//evil.example" },
    });
    expect(fieldErrorsOf(pages.error!.issues)).toEqual({
      "hero.buttonHref": "Use a path inside the shop, such as /shop",
    });
  });

  it("accepts a three-decimal state rate and no figures", () => {
    expect(
      SECTION_SCHEMAS.shipping.safeParse({ ...DEFAULT_SETTINGS.shipping, usStateTax: { NY: 8.875 } }).success,
    ).toBe(true);
    expect(SECTION_SCHEMAS.pages.safeParse({ ...DEFAULT_SETTINGS.pages, stats: [] }).success).toBe(true);
  });

  it("audits changed fields as paths with their old and new values", () => {
    const before = DEFAULT_SETTINGS.shipping;
    const after = { ...before, rates: { ...before.rates, express: 2499 }, shipsTo: ["US"] as ["US"] };
    expect(settingsChanges(before, after)).toEqual({
      "rates.express": [1999, 2499],
      shipsTo: [before.shipsTo, ["US"]],
    });
    expect(settingsChanges(before, structuredClone(before))).toEqual({});
  });
});
