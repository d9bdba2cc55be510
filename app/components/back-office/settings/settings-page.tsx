import { Link, useSearchParams } from "react-router";
import { ChannelStatus, type ChannelsState } from "~/components/admin/orders/channel-status";
import { COUNTRIES } from "~/lib/countries";
import { fieldWords, shippingFieldValues, valueWords } from "~/modules/settings/settings-form";
import {
  CONTENT_PAGES,
  SECTION_NAMES,
  SETTINGS_SECTIONS,
  isSettingsSection,
  type SettingsSection,
} from "~/modules/settings/settings-schema";
import type { EditableSection, SettingsChange } from "~/modules/settings/settings.server";
import { NEW_REVIEW_MODES } from "~/modules/reviews/review-rules";
import { SectionForm } from "./section-form";
import { SettingCheckbox, SettingImage, SettingSelect, SettingText, SettingTextArea } from "./settings-fields";

type Sections = { [S in SettingsSection]: EditableSection<S> };

/** Zones a shop is likely to be in; the one saved is always offered. */
const TIME_ZONES = [
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Phoenix",
  "America/Los_Angeles",
  "America/Anchorage",
  "Pacific/Honolulu",
  "America/Toronto",
  "America/Vancouver",
  "America/Mexico_City",
  "America/Sao_Paulo",
  "Europe/London",
  "Europe/Dublin",
  "Europe/Paris",
  "Europe/Berlin",
  "Europe/Madrid",
  "Europe/Rome",
  "Europe/Amsterdam",
  "Europe/Stockholm",
  "Europe/Oslo",
  "Europe/Copenhagen",
  "Africa/Lagos",
  "Africa/Johannesburg",
  "Asia/Dubai",
  "Asia/Kolkata",
  "Asia/Singapore",
  "Asia/Tokyo",
  "Australia/Sydney",
  "Pacific/Auckland",
  "UTC",
];

const DESCRIPTIONS: Record<SettingsSection, string> = {
  store: "Your shop's name, logo and contact details: shown in the header and footer, on receipts and in e-mails.",
  pages: "The home page's welcome and your information pages, written in Markdown (no HTML).",
  shipping: "What shipping costs, where you ship, and the tax checkout adds. Orders keep what they were charged.",
  notifications: "Who hears of a new order, and how.",
  reviews: "What happens to a review a customer writes. Moderate them under Reviews.",
  returns:
    "How long after delivery customers can ask to return or exchange an order. Your returns page and the shop's promises say the same number.",
  recovery:
    "Shoppers who agreed to e-mails and left checkout get a reminder, and a second one a day later. The second may carry a single-use code.",
};

/** The owner's Settings page: a tab per section (in the URL, `?section=`), and the last changes. */
export function SettingsPage({
  sections,
  history,
  channels,
}: {
  sections: Sections;
  history: SettingsChange[];
  channels: ChannelsState;
}) {
  const [params] = useSearchParams();
  const asked = params.get("section");
  const current: SettingsSection = isSettingsSection(asked) ? asked : "store";
  return (
    <div className="container-page max-w-4xl py-10">
      <h1 className="font-display text-4xl font-semibold">Settings</h1>
      <nav aria-label="Settings sections" className="mt-6 overflow-x-auto border-b border-line">
        <ul className="-mb-px flex gap-1">
          {SETTINGS_SECTIONS.map((section) => (
            <li key={section}>
              <Link
                to={`?section=${section}`}
                aria-current={section === current ? "page" : undefined}
                className={`inline-flex whitespace-nowrap border-b-2 px-3 py-2.5 text-sm font-medium ${
                  section === current ? "border-ink text-ink" : "border-transparent text-muted hover:text-ink"
                }`}
              >
                {SECTION_NAMES[section]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">
        {current === "store" && <StoreForm section={sections.store} />}
        {current === "pages" && <PagesForm section={sections.pages} />}
        {current === "shipping" && <ShippingForm section={sections.shipping} />}
        {current === "notifications" && <NotificationsForm section={sections.notifications} channels={channels} />}
        {current === "reviews" && <ReviewsForm section={sections.reviews} />}
        {current === "returns" && <ReturnsForm section={sections.returns} />}
        {current === "recovery" && <RecoveryForm section={sections.recovery} />}
      </div>
      <SettingsHistory history={history} />
    </div>
  );
}

function StoreForm({ section }: { section: EditableSection<"store"> }) {
  const v = section.value;
  const zones = TIME_ZONES.includes(v.timeZone) ? TIME_ZONES : [v.timeZone, ...TIME_ZONES];
  return (
    <SectionForm key={section.version} section="store" version={section.version} description={DESCRIPTIONS.store}>
      <SettingText name="name" label="Store name" defaultValue={v.name} required maxLength={80} />
      <SettingImage name="logoUrl" label="Logo" value={v.logoUrl} removable />
      <div className="grid gap-5 sm:grid-cols-2">
        <SettingText name="contactEmail" label="Contact e-mail" type="email" defaultValue={v.contactEmail} required />
        <SettingText name="contactPhone" label="Contact phone" type="tel" defaultValue={v.contactPhone} required />
      </div>
      <SettingTextArea
        name="returnAddress"
        label="Return address"
        defaultValue={v.returnAddress}
        rows={4}
        hint="One line per row, as on a parcel. Shown on the contact and returns pages and in order e-mails."
      />
      <SettingSelect name="timeZone" label="Time zone" defaultValue={v.timeZone}>
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll("_", " ")}
          </option>
        ))}
      </SettingSelect>
      <SettingText
        name="announcement"
        label="Announcement bar"
        defaultValue={v.announcement}
        maxLength={160}
        optional
        hint="A line above the header on every page, such as 'Free returns until 31 January'. Empty shows no bar."
      />
    </SectionForm>
  );
}

function PagesForm({ section }: { section: EditableSection<"pages"> }) {
  const v = section.value;
  return (
    <SectionForm key={section.version} section="pages" version={section.version} description={DESCRIPTIONS.pages}>
      <fieldset className="flex min-w-0 flex-col gap-5">
        <legend className="mb-3 text-lg font-semibold">Home page</legend>
        <SettingImage name="hero.imageUrl" label="Hero image" value={v.hero.imageUrl} />
        <SettingText name="hero.eyebrow" label="Line above the heading" defaultValue={v.hero.eyebrow} optional />
        <SettingText name="hero.heading" label="Heading" defaultValue={v.hero.heading} required />
        <SettingTextArea name="hero.text" label="Text" defaultValue={v.hero.text} rows={3} optional />
        <div className="grid gap-5 sm:grid-cols-2">
          <SettingText name="hero.buttonLabel" label="Button label" defaultValue={v.hero.buttonLabel} required />
          <SettingText
            name="hero.buttonHref"
            label="Button link"
            defaultValue={v.hero.buttonHref}
            required
            hint="A page of the shop, such as /shop or /shop/new-arrivals."
          />
        </div>
      </fieldset>
      <fieldset className="flex min-w-0 flex-col gap-3">
        <legend className="mb-1 text-lg font-semibold">Figures</legend>
        <p className="text-sm text-muted">
          Up to four figures under the hero, such as '10K+' Happy Customers. Leave them empty to show none.
        </p>
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="grid grid-cols-[7rem_1fr] gap-3">
            <SettingText name={`stats.${i}.value`} label={`Figure ${i + 1}`} defaultValue={v.stats[i]?.value ?? ""} />
            <SettingText
              name={`stats.${i}.label`}
              label={`Figure ${i + 1} label`}
              defaultValue={v.stats[i]?.label ?? ""}
            />
          </div>
        ))}
      </fieldset>
      <fieldset className="flex min-w-0 flex-col gap-5">
        <legend className="mb-1 text-lg font-semibold">Information pages</legend>
        <p className="text-sm text-muted">
          Markdown, without HTML (it is shown as text). The first paragraph is the page&apos;s introduction; ## starts a
          section, - a list, | a table; on the FAQ, ### and a question followed by its answer makes a question that
          opens. Links: [words](/faq), https://…, mailto: and tel: only.
        </p>
        <p className="text-sm text-muted">
          Filled in from your settings: {"{{storeName}}"}, {"{{contactEmail}}"}, {"{{contactPhone}}"},{" "}
          {"{{returnAddress}}"}, {"{{freeShippingThreshold}}"}, {"{{standardRate}}"}, {"{{expressRate}}"},{" "}
          {"{{overnightRate}}"}, {"{{taxRate}}"}.
        </p>
        {CONTENT_PAGES.map((page) => (
          <SettingTextArea
            key={page.key}
            name={`pages.${page.key}`}
            label={`${page.title} (${page.path})`}
            defaultValue={v.pages[page.key]}
            rows={10}
            className="font-mono"
          />
        ))}
      </fieldset>
    </SectionForm>
  );
}

function ShippingForm({ section }: { section: EditableSection<"shipping"> }) {
  const v = section.value;
  const fields = shippingFieldValues(v);
  return (
    <SectionForm key={section.version} section="shipping" version={section.version} description={DESCRIPTIONS.shipping}>
      <fieldset className="grid min-w-0 gap-5 sm:grid-cols-3">
        <legend className="mb-3 text-lg font-semibold">Shipping rates (USD)</legend>
        <SettingText name="rates.standard" label="Standard" inputMode="decimal" defaultValue={fields.rates.standard} />
        <SettingText name="rates.express" label="Express" inputMode="decimal" defaultValue={fields.rates.express} />
        <SettingText
          name="rates.overnight"
          label="Overnight"
          inputMode="decimal"
          defaultValue={fields.rates.overnight}
        />
      </fieldset>
      <SettingText
        name="freeShippingOverCents"
        label="Free standard shipping over (USD)"
        inputMode="decimal"
        defaultValue={fields.freeShippingOver}
        optional
        hint="Orders whose subtotal is above this ship free by standard shipping. Empty: never free."
      />
      <SettingText
        name="taxPercent"
        label="Tax rate (%)"
        inputMode="decimal"
        defaultValue={String(v.taxPercent)}
        hint="For every country without a rate of its own below."
      />
      <fieldset className="min-w-0">
        <legend className="mb-2 text-lg font-semibold">Countries</legend>
        <p className="mb-3 text-sm text-muted">
          Tick the countries you ship to; a rate here replaces the tax rate above.
        </p>
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-line text-left text-muted">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Country
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Tax rate (%)
                </th>
              </tr>
            </thead>
            <tbody>
              {COUNTRIES.map((country) => (
                <tr key={country.code} className="border-b border-line last:border-0">
                  <td className="py-2 pr-3">
                    <SettingCheckbox
                      id={`ships-to-${country.code}`}
                      name="shipsTo"
                      value={country.code}
                      label={`Ship to ${country.name}`}
                      defaultChecked={v.shipsTo.includes(country.code)}
                    />
                  </td>
                  <td className="w-36 py-2">
                    <SettingText
                      name={`countryTax.${country.code}`}
                      label={`Tax rate in ${country.name} (%)`}
                      className="[&_label]:sr-only"
                      inputMode="decimal"
                      placeholder={String(v.taxPercent)}
                      defaultValue={fields.countryTax(country.code)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </fieldset>
      <SettingTextArea
        name="usStateTax"
        label="US state tax rates (%)"
        defaultValue={fields.usStateTax}
        rows={4}
        optional
        hint="One state per line, its two-letter code and rate, such as 'NY 8.875'. Other states take the United States' rate."
      />
    </SectionForm>
  );
}

function NotificationsForm({
  section,
  channels,
}: {
  section: EditableSection<"notifications">;
  channels: ChannelsState;
}) {
  const v = section.value;
  return (
    <SectionForm
      key={section.version}
      section="notifications"
      version={section.version}
      description={DESCRIPTIONS.notifications}
    >
      <SettingText
        name="ownerEmail"
        label="Your e-mail for new orders"
        type="email"
        defaultValue={v.ownerEmail}
        optional
        hint="New-order alerts go to this e-mail when an order is paid, with a link to the order. Empty sends none."
      />
      <SettingCheckbox
        id="new-order-alerts"
        name="newOrderAlerts"
        label="Send me an alert for each new order"
        defaultChecked={v.newOrderAlerts}
      />
      <div>
        <h3 className="text-sm font-medium">Channels</h3>
        <ChannelStatus {...channels} />
        {channels.whatsappConfigured && !channels.mailGoesToOutbox && (
          <p className="mt-2 text-xs text-muted">WhatsApp and e-mail are on.</p>
        )}
      </div>
    </SectionForm>
  );
}

function ReviewsForm({ section }: { section: EditableSection<"reviews"> }) {
  return (
    <SectionForm key={section.version} section="reviews" version={section.version} description={DESCRIPTIONS.reviews}>
      <SettingSelect name="newReviews" label="New reviews" defaultValue={section.value.newReviews}>
        {NEW_REVIEW_MODES.map((mode) => (
          <option key={mode.value} value={mode.value}>
            {mode.label}
          </option>
        ))}
      </SettingSelect>
      <p className="text-sm text-muted">
        Held reviews wait under Reviews until you publish them; they do not count in a product&apos;s rating.
      </p>
    </SectionForm>
  );
}

function ReturnsForm({ section }: { section: EditableSection<"returns"> }) {
  return (
    <SectionForm key={section.version} section="returns" version={section.version} description={DESCRIPTIONS.returns}>
      <SettingText
        name="windowDays"
        label="Return window (days after delivery)"
        type="number"
        inputMode="numeric"
        min={1}
        max={365}
        defaultValue={String(section.value.windowDays)}
        required
      />
      <p className="text-sm text-muted">
        Requests already made keep going; a new request is only accepted within the window. The return address is under
        Store.
      </p>
    </SectionForm>
  );
}

function RecoveryForm({ section }: { section: EditableSection<"recovery"> }) {
  return (
    <SectionForm key={section.version} section="recovery" version={section.version} description={DESCRIPTIONS.recovery}>
      <SettingCheckbox
        id="recovery-discount-code"
        name="discountCode"
        label="Add a single-use discount code to the second reminder"
        defaultChecked={section.value.discountCode}
      />
      <SettingText
        name="percentOff"
        label="Discount (% off the order)"
        type="number"
        inputMode="numeric"
        min={1}
        max={50}
        defaultValue={String(section.value.percentOff)}
        required
      />
      <p className="text-sm text-muted">
        Each code works once and ends with the reminder&apos;s restore link (7 days). Codes appear under Discounts.
      </p>
    </SectionForm>
  );
}

function SettingsHistory({ history }: { history: SettingsChange[] }) {
  return (
    <section aria-labelledby="settings-history-heading" className="mt-10">
      <h2 id="settings-history-heading" className="font-display text-xl font-semibold">
        Recent changes
      </h2>
      {history.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No changes yet: the shop runs on its defaults.</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-3 text-sm">
          {history.map((change, i) => (
            <li key={i} className="rounded-xl border border-line bg-white p-4">
              <p className="text-muted">
                <time dateTime={new Date(change.createdAt).toISOString()}>
                  {new Date(change.createdAt).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" })}
                </time>{" "}
                · {change.actor} · {SECTION_NAMES[change.section]}
              </p>
              <ul className="mt-1 flex flex-col gap-0.5">
                {Object.entries(change.changes).map(([path, [before, after]]) => (
                  <li key={path} className="break-words">
                    {`${fieldWords(path)}: ${valueWords(path, before)} → ${valueWords(path, after)}`}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
