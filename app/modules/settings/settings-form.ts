import { COUNTRIES } from "~/lib/countries";
import { formatCents } from "~/lib/money";
import { CONTENT_PAGES, type SettingsSection, type ShippingSettings } from "./settings-schema";

/**
 * The Settings page's forms as plain HTML fields, named by their path in the section
 * (`rates.standard`, `hero.heading`, `countryTax.US`), so a schema's error lands beside its field.
 * Turning the posted fields into the section's value is done here: dollars into cents, empty rates
 * into 'none', checked boxes into a list, 'NY 8.875' lines into state rates. The schema validates what
 * comes out. Pure: the shipping form fills its fields with `shippingFieldValues` and the action reads them with
 * `sectionValueOf`.
 */

type Fields = { get(name: string): FormDataEntryValue | null; getAll(name: string): FormDataEntryValue[] };

const str = (fields: Fields, name: string) => {
  const value = fields.get(name);
  return typeof value === "string" ? value : "";
};

/**
 * Dollars typed by a person ('9.99', '$10', '1,000') as cents; NaN when it is not an amount (the
 * schema then says so), null when empty and `emptyIs` is null.
 */
export function centsOf(text: string, emptyIs: null | typeof NaN = NaN): number | null {
  const cleaned = text.trim().replace(/^\$/, "").replaceAll(",", "");
  if (cleaned === "") return emptyIs;
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return NaN;
  const [whole, fraction = ""] = cleaned.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** A percentage typed by a person ('8.875', '8%'); NaN when it is not one, null when empty. */
export function percentOf(text: string): number | null {
  const cleaned = text.trim().replace(/%$/, "").trim();
  if (cleaned === "") return null;
  return /^\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : NaN;
}

/** 'NY 8.875' (or 'NY: 8.875%') per line as state rates; a line that is not one keeps its text for the error. */
export function stateRatesOf(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const match = /^([A-Za-z]{2})\s*[:=]?\s*(\S+)$/.exec(line);
    if (!match) {
      out[line] = NaN;
      continue;
    }
    out[match[1]!.toUpperCase()] = percentOf(match[2]!) ?? NaN;
  }
  return out;
}

export function stateRatesText(rates: Record<string, number>): string {
  return Object.entries(rates)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([state, rate]) => `${state} ${rate}`)
    .join("\n");
}

const dollars = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));

/** The posted fields of a section as the value its schema checks. */
export function sectionValueOf(section: SettingsSection, fields: Fields): unknown {
  switch (section) {
    case "store": {
      const logo = str(fields, "logoUrl").trim();
      return {
        name: str(fields, "name"),
        logoUrl: logo === "" ? null : logo,
        contactEmail: str(fields, "contactEmail"),
        contactPhone: str(fields, "contactPhone"),
        returnAddress: str(fields, "returnAddress").replaceAll("\r\n", "\n"),
        timeZone: str(fields, "timeZone"),
        announcement: str(fields, "announcement"),
      };
    }
    case "pages": {
      const pages = Object.fromEntries(
        CONTENT_PAGES.map(({ key }) => [key, str(fields, `pages.${key}`).replaceAll("\r\n", "\n")]),
      );
      const stats = [0, 1, 2, 3]
        .map((i) => ({ value: str(fields, `stats.${i}.value`), label: str(fields, `stats.${i}.label`) }))
        // A row left empty is no figure; a half-filled one is kept, for the schema to ask for the rest.
        .filter((row) => row.value.trim() !== "" || row.label.trim() !== "");
      return {
        pages,
        hero: {
          imageUrl: str(fields, "hero.imageUrl"),
          eyebrow: str(fields, "hero.eyebrow"),
          heading: str(fields, "hero.heading"),
          text: str(fields, "hero.text"),
          buttonLabel: str(fields, "hero.buttonLabel"),
          buttonHref: str(fields, "hero.buttonHref"),
        },
        stats,
      };
    }
    case "shipping": {
      const countryTax: Record<string, number> = {};
      for (const { code } of COUNTRIES) {
        const rate = percentOf(str(fields, `countryTax.${code}`));
        if (rate !== null) countryTax[code] = rate;
      }
      return {
        rates: {
          standard: centsOf(str(fields, "rates.standard")),
          express: centsOf(str(fields, "rates.express")),
          overnight: centsOf(str(fields, "rates.overnight")),
        },
        freeShippingOverCents: centsOf(str(fields, "freeShippingOverCents"), null),
        shipsTo: fields.getAll("shipsTo").filter((v): v is string => typeof v === "string"),
        taxPercent: percentOf(str(fields, "taxPercent")) ?? NaN,
        countryTax,
        usStateTax: stateRatesOf(str(fields, "usStateTax")),
      };
    }
    case "notifications":
      return {
        ownerEmail: str(fields, "ownerEmail"),
        newOrderAlerts: fields.get("newOrderAlerts") === "on",
      };
    case "reviews":
      return { newReviews: str(fields, "newReviews") };
    case "returns": {
      const days = str(fields, "windowDays").trim();
      return { windowDays: /^\d+$/.test(days) ? Number(days) : NaN };
    }
    case "recovery": {
      const percent = str(fields, "percentOff").trim();
      return {
        discountCode: fields.get("discountCode") === "on",
        percentOff: /^\d+$/.test(percent) ? Number(percent) : NaN,
      };
    }
  }
}

/** What the shipping form's fields show for saved settings (the inverse of `sectionValueOf`). */
export function shippingFieldValues(shipping: ShippingSettings) {
  return {
    rates: {
      standard: dollars(shipping.rates.standard),
      express: dollars(shipping.rates.express),
      overnight: dollars(shipping.rates.overnight),
    },
    freeShippingOver: dollars(shipping.freeShippingOverCents),
    countryTax: (code: string) => {
      const rate = shipping.countryTax[code as keyof typeof shipping.countryTax];
      return rate === undefined ? "" : String(rate);
    },
    usStateTax: stateRatesText(shipping.usStateTax),
  };
}

/** The words of a changed field in the settings' history ('Standard rate'); the path when it has none. */
const FIELD_WORDS: Record<string, string> = {
  name: "Store name",
  logoUrl: "Logo",
  contactEmail: "Contact e-mail",
  contactPhone: "Contact phone",
  returnAddress: "Return address",
  timeZone: "Time zone",
  announcement: "Announcement",
  "rates.standard": "Standard rate",
  "rates.express": "Express rate",
  "rates.overnight": "Overnight rate",
  freeShippingOverCents: "Free shipping over",
  shipsTo: "Ships to",
  taxPercent: "Tax rate",
  usStateTax: "US state tax rates",
  ownerEmail: "Owner e-mail",
  newOrderAlerts: "New-order alerts",
  newReviews: "New reviews",
  windowDays: "Return window",
  discountCode: "Code in the second reminder",
  percentOff: "Reminder discount",
  "hero.imageUrl": "Hero image",
  "hero.eyebrow": "Hero line",
  "hero.heading": "Hero heading",
  "hero.text": "Hero text",
  "hero.buttonLabel": "Hero button",
  "hero.buttonHref": "Hero button link",
  stats: "Figures",
  ...Object.fromEntries(CONTENT_PAGES.map(({ key, title }) => [`pages.${key}`, `${title} page`])),
  ...Object.fromEntries(COUNTRIES.map(({ code, name }) => [`countryTax.${code}`, `Tax rate in ${name}`])),
};

export function fieldWords(path: string): string {
  return FIELD_WORDS[path] ?? path;
}

const MONEY_FIELDS = new Set(["rates.standard", "rates.express", "rates.overnight", "freeShippingOverCents"]);

/** A changed value in words: money as money, rates with %, long texts cut, lists joined. */
export function valueWords(path: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return path === "freeShippingOverCents" ? "never" : "none";
  if (MONEY_FIELDS.has(path) && typeof value === "number") return formatCents(value);
  if (path === "taxPercent" || path.startsWith("countryTax.")) return `${String(value)}%`;
  if (typeof value === "boolean") return value ? "on" : "off";
  if (Array.isArray(value)) {
    return value.map((v) => (typeof v === "object" && v ? Object.values(v as object).join(" ") : String(v))).join(", ");
  }
  if (typeof value === "object") {
    return Object.entries(value as object)
      .map(([k, v]) => `${k} ${String(v)}%`)
      .join(", ");
  }
  const text = String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
