import { useId, useState } from "react";
import { Link, type FetcherWithComponents } from "react-router";
import { useShop } from "~/components/use-root-data";
import { COUNTRIES } from "~/lib/countries";
import { formatCents } from "~/lib/money";
import {
  canCancel,
  canSend,
  DRAFT_STATUS_LABELS,
  draftTotals,
  isEditable,
  moneyText,
  parseMoney,
  type DraftDiscount,
} from "~/modules/orders/draft-order-rules";
import type { DraftView, VariantChoice } from "~/modules/orders/draft-orders.server";
import { SHIPPING_METHOD_KEYS, SHIPPING_METHODS, shippingCents, type ShippingMethod } from "~/modules/pricing/pricing";

/**
 * The draft order editor (issue 32): the customer and where it ships, items picked by searching the
 * catalogue and choosing a size and colour, each at the catalogue price or an adjusted one with its
 * reason, shipping (the method's rate or a custom amount), a discount with its reason, a note to the
 * customer, and the totals as the server will compute them (the same pure rules). Save posts the whole
 * draft as JSON in one field; the server checks and prices everything again.
 */
export interface DraftAnswer {
  ok: boolean;
  message: string;
  fieldErrors?: Partial<Record<string, string>>;
}

interface LineState {
  variantId: string;
  productName: string;
  size: string;
  color: string;
  sku: string;
  catalogUnitCents: number;
  quantity: string;
  unitPrice: string;
  reason: string;
}

const ADDRESS_FIELDS = [
  ["email", "E-mail", "email"],
  ["firstName", "First name", "text"],
  ["lastName", "Last name", "text"],
  ["phone", "Phone", "tel"],
  ["address", "Address", "text"],
  ["apartment", "Apartment, suite (optional)", "text"],
  ["city", "City", "text"],
  ["state", "State / region", "text"],
  ["postalCode", "Postal code", "text"],
] as const;
type AddressKey = (typeof ADDRESS_FIELDS)[number][0] | "country";

const input = (invalid: boolean) =>
  `block min-h-10 w-full rounded-lg border bg-white px-3 text-sm ${invalid ? "border-red-600" : "border-line"}`;
const button =
  "inline-flex min-h-10 items-center justify-center rounded-full border border-line px-4 text-sm font-semibold hover:border-stone-400 disabled:opacity-60";
const primary =
  "inline-flex min-h-11 items-center justify-center rounded-full bg-ink px-6 text-sm font-semibold text-white hover:bg-black disabled:opacity-60";

function Error({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

const aria = (id: string, message: string | undefined) =>
  message ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};

function initialLines(draft: DraftView | null): LineState[] {
  return (draft?.lines ?? [])
    .filter((l) => l.variantId !== null)
    .map((l) => ({
      variantId: l.variantId!,
      productName: l.productName,
      size: l.size,
      color: l.color,
      sku: l.sku,
      catalogUnitCents: l.catalogUnitCents,
      quantity: String(l.quantity),
      unitPrice: l.unitPriceCents === l.catalogUnitCents ? "" : moneyText(l.unitPriceCents),
      reason: l.priceReason ?? "",
    }));
}

export function DraftEditor({
  draft,
  fetcher,
}: {
  draft: DraftView | null;
  fetcher: FetcherWithComponents<DraftAnswer>;
}) {
  const { shipping } = useShop();
  const uid = useId();
  const editable = draft === null || isEditable(draft.status);
  const a = draft?.shippingAddress;
  const [address, setAddress] = useState<Record<AddressKey, string>>({
    email: a?.email ?? "",
    firstName: a?.firstName ?? "",
    lastName: a?.lastName ?? "",
    phone: a?.phone ?? "",
    address: a?.address ?? "",
    apartment: a?.apartment ?? "",
    city: a?.city ?? "",
    state: a?.state ?? "",
    postalCode: a?.postalCode ?? "",
    country: a?.country ?? (shipping.shipsTo.includes("US") ? "US" : (shipping.shipsTo[0] ?? "US")),
  });
  const [method, setMethod] = useState<ShippingMethod>(draft?.shippingMethod ?? "standard");
  const [shippingCustom, setShippingCustom] = useState(
    draft?.shippingCustomCents != null ? moneyText(draft.shippingCustomCents) : "",
  );
  const [discountKind, setDiscountKind] = useState<"none" | "fixed" | "percent">(draft?.discountKind ?? "none");
  const [discountValue, setDiscountValue] = useState(
    draft?.discountValue == null
      ? ""
      : draft.discountKind === "fixed"
        ? moneyText(draft.discountValue)
        : String(draft.discountValue),
  );
  const [discountReason, setDiscountReason] = useState(draft?.discountReason ?? "");
  const [note, setNote] = useState(draft?.note ?? "");
  const [lines, setLines] = useState<LineState[]>(() => initialLines(draft));
  const answer = fetcher.data;
  const errors = answer?.fieldErrors ?? {};
  const busy = fetcher.state !== "idle";

  const priced = lines.map((l) => {
    const typed = l.unitPrice.trim() === "" ? null : parseMoney(l.unitPrice);
    return { unitPriceCents: typed ?? l.catalogUnitCents, quantity: Math.max(0, Math.floor(Number(l.quantity) || 0)) };
  });
  const discount: DraftDiscount =
    discountKind === "fixed" && parseMoney(discountValue) !== null
      ? { kind: "fixed", value: parseMoney(discountValue)! }
      : discountKind === "percent" && /^\d{1,3}$/.test(discountValue.trim()) && Number(discountValue) <= 100
        ? { kind: "percent", value: Number(discountValue) }
        : null;
  const totals = draftTotals(
    priced,
    {
      method,
      shippingCustomCents: shippingCustom.trim() === "" ? null : parseMoney(shippingCustom),
      discount,
      destination: { country: address.country, state: address.state },
    },
    shipping,
  );

  function save() {
    const payload = {
      version: draft?.version ?? null,
      address: { ...address },
      shippingMethod: method,
      shippingCustom,
      discountKind,
      discountValue,
      discountReason,
      note,
      lines: lines.map((l) => ({
        variantId: l.variantId,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        reason: l.reason,
      })),
    };
    void fetcher.submit({ intent: "save", payload: JSON.stringify(payload) }, { method: "post" });
  }

  const setLine = (index: number, change: Partial<LineState>) =>
    setLines((all) => all.map((l, i) => (i === index ? { ...l, ...change } : l)));

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="font-display text-4xl font-semibold">
          {draft ? `Draft order ${draft.label}` : "New draft order"}
        </h1>
        {draft ? (
          <p className="text-sm" data-testid="draft-status">
            Status: <strong>{DRAFT_STATUS_LABELS[draft.status]}</strong>
            {draft.order ? (
              <>
                {" · "}
                <Link to={`/admin/orders/${encodeURIComponent(draft.order.orderNumber)}`} className="underline">
                  {draft.order.orderNumber}
                </Link>
                {draft.status === "sent" && draft.order.paymentDueAt
                  ? ` · link valid until ${draft.order.paymentDueAt.replace("T", " ").slice(0, 16)} UTC`
                  : ""}
              </>
            ) : null}
          </p>
        ) : null}
      </div>

      <div aria-live="polite">
        {answer ? (
          <p
            role={answer.ok ? "status" : "alert"}
            className={`rounded-xl border px-4 py-3 text-sm ${answer.ok ? "border-green-200 bg-green-50 text-green-900" : "border-red-200 bg-red-50 text-red-800"}`}
          >
            {answer.message}
          </p>
        ) : null}
      </div>

      {!editable ? (
        <p className="text-sm text-muted">
          {draft?.status === "sent"
            ? "Its payment link is out: the items are reserved. Cancel the draft to change it, or send the link again for a new expiry."
            : "This draft can no longer be changed."}
        </p>
      ) : null}

      <fieldset disabled={!editable || busy} className="space-y-8">
        <section aria-labelledby={`${uid}-customer`} className="space-y-3">
          <h2 id={`${uid}-customer`} className="text-xl font-semibold">
            Customer and shipping address
          </h2>
          <p className="text-sm text-muted">
            An e-mail with an account gets the order in that account; a new e-mail is a guest customer.
            {draft ? (draft.customerUserId ? " This e-mail has an account." : " This e-mail has no account.") : ""}
          </p>
          <div className="grid gap-3 sm:grid-cols-2">
            {ADDRESS_FIELDS.map(([key, label, type]) => {
              const id = `${uid}-${key}`;
              return (
                <div key={key}>
                  <label htmlFor={id} className="mb-1 block text-sm font-medium">
                    {label}
                  </label>
                  <input
                    id={id}
                    type={type}
                    value={address[key]}
                    onChange={(e) => setAddress((v) => ({ ...v, [key]: e.target.value }))}
                    className={input(Boolean(errors[key]))}
                    {...aria(id, errors[key])}
                  />
                  <Error id={id} message={errors[key]} />
                </div>
              );
            })}
            <div>
              <label htmlFor={`${uid}-country`} className="mb-1 block text-sm font-medium">
                Country
              </label>
              <select
                id={`${uid}-country`}
                value={address.country}
                onChange={(e) => setAddress((v) => ({ ...v, country: e.target.value }))}
                className={input(Boolean(errors.country))}
                {...aria(`${uid}-country`, errors.country)}
              >
                {COUNTRIES.filter((c) => shipping.shipsTo.includes(c.code)).map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </select>
              <Error id={`${uid}-country`} message={errors.country} />
            </div>
          </div>
        </section>

        <section aria-labelledby={`${uid}-items`} className="space-y-3">
          <h2 id={`${uid}-items`} className="text-xl font-semibold">
            Items
          </h2>
          {editable ? (
            <ItemPicker
              onAdd={(line) =>
                setLines((all) =>
                  all.some((l) => l.variantId === line.variantId)
                    ? all.map((l) =>
                        l.variantId === line.variantId ? { ...l, quantity: String((Number(l.quantity) || 0) + 1) } : l,
                      )
                    : [...all, line],
                )
              }
            />
          ) : null}
          {errors.lines ? (
            <p role="alert" className="text-sm text-red-700">
              {errors.lines}
            </p>
          ) : null}
          {lines.length === 0 ? <p className="text-sm text-muted">No items yet.</p> : null}
          <ul className="space-y-3">
            {lines.map((line, index) => {
              const base = `${uid}-line-${index}`;
              const label = `${line.productName}${[line.size, line.color].filter(Boolean).length ? ` (${[line.size, line.color].filter(Boolean).join(", ")})` : ""}`;
              const adjusted = line.unitPrice.trim() !== "" && parseMoney(line.unitPrice) !== line.catalogUnitCents;
              return (
                <li key={line.variantId} className="rounded-xl border border-line p-3" data-testid="draft-line">
                  <p className="font-medium">
                    {label} <span className="text-sm text-muted">{line.sku}</span>
                  </p>
                  <p className="text-sm text-muted">Catalogue price {formatCents(line.catalogUnitCents)}</p>
                  <Error id={`${base}-variant`} message={errors[`lines.${index}.variantId`]} />
                  <div className="mt-2 grid gap-3 sm:grid-cols-[6rem_9rem_1fr_auto] sm:items-end">
                    <div>
                      <label htmlFor={`${base}-qty`} className="mb-1 block text-sm">
                        Quantity
                      </label>
                      <input
                        id={`${base}-qty`}
                        type="number"
                        min={1}
                        max={1000}
                        value={line.quantity}
                        onChange={(e) => setLine(index, { quantity: e.target.value })}
                        className={input(Boolean(errors[`lines.${index}.quantity`]))}
                        {...aria(`${base}-qty`, errors[`lines.${index}.quantity`])}
                      />
                      <Error id={`${base}-qty`} message={errors[`lines.${index}.quantity`]} />
                    </div>
                    <div>
                      <label htmlFor={`${base}-price`} className="mb-1 block text-sm">
                        Unit price ($)
                      </label>
                      <input
                        id={`${base}-price`}
                        inputMode="decimal"
                        placeholder={moneyText(line.catalogUnitCents)}
                        value={line.unitPrice}
                        onChange={(e) => setLine(index, { unitPrice: e.target.value })}
                        className={input(Boolean(errors[`lines.${index}.unitPrice`]))}
                        {...aria(`${base}-price`, errors[`lines.${index}.unitPrice`])}
                      />
                      <Error id={`${base}-price`} message={errors[`lines.${index}.unitPrice`]} />
                    </div>
                    <div>
                      <label htmlFor={`${base}-reason`} className="mb-1 block text-sm">
                        Price reason{adjusted ? "" : " (when adjusted)"}
                      </label>
                      <input
                        id={`${base}-reason`}
                        value={line.reason}
                        onChange={(e) => setLine(index, { reason: e.target.value })}
                        className={input(Boolean(errors[`lines.${index}.reason`]))}
                        {...aria(`${base}-reason`, errors[`lines.${index}.reason`])}
                      />
                      <Error id={`${base}-reason`} message={errors[`lines.${index}.reason`]} />
                    </div>
                    {editable ? (
                      <button
                        type="button"
                        className={button}
                        aria-label={`Remove ${label}`}
                        onClick={() => setLines((all) => all.filter((_, i) => i !== index))}
                      >
                        Remove
                      </button>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        </section>

        <section aria-labelledby={`${uid}-charges`} className="grid gap-4 sm:grid-cols-2">
          <h2 id={`${uid}-charges`} className="text-xl font-semibold sm:col-span-2">
            Shipping, discount and note
          </h2>
          <div>
            <label htmlFor={`${uid}-method`} className="mb-1 block text-sm font-medium">
              Shipping method
            </label>
            <select
              id={`${uid}-method`}
              value={method}
              onChange={(e) => setMethod(e.target.value as ShippingMethod)}
              className={input(false)}
            >
              {SHIPPING_METHOD_KEYS.map((key) => (
                <option key={key} value={key}>
                  {SHIPPING_METHODS[key].label} (
                  {formatCents(shippingCents(key, totals.subtotalCents - totals.discountCents, shipping))})
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${uid}-shipping-custom`} className="mb-1 block text-sm font-medium">
              Custom shipping amount ($, blank for the rate)
            </label>
            <input
              id={`${uid}-shipping-custom`}
              inputMode="decimal"
              value={shippingCustom}
              onChange={(e) => setShippingCustom(e.target.value)}
              className={input(Boolean(errors.shippingCustom))}
              {...aria(`${uid}-shipping-custom`, errors.shippingCustom)}
            />
            <Error id={`${uid}-shipping-custom`} message={errors.shippingCustom} />
          </div>
          <div>
            <label htmlFor={`${uid}-discount-kind`} className="mb-1 block text-sm font-medium">
              Discount
            </label>
            <select
              id={`${uid}-discount-kind`}
              value={discountKind}
              onChange={(e) => setDiscountKind(e.target.value as "none" | "fixed" | "percent")}
              className={input(false)}
            >
              <option value="none">No discount</option>
              <option value="fixed">Fixed amount ($)</option>
              <option value="percent">Percent of the items (%)</option>
            </select>
          </div>
          {discountKind !== "none" ? (
            <>
              <div>
                <label htmlFor={`${uid}-discount-value`} className="mb-1 block text-sm font-medium">
                  {discountKind === "fixed" ? "Discount amount ($)" : "Discount percent"}
                </label>
                <input
                  id={`${uid}-discount-value`}
                  inputMode="decimal"
                  value={discountValue}
                  onChange={(e) => setDiscountValue(e.target.value)}
                  className={input(Boolean(errors.discountValue))}
                  {...aria(`${uid}-discount-value`, errors.discountValue)}
                />
                <Error id={`${uid}-discount-value`} message={errors.discountValue} />
              </div>
              <div className="sm:col-span-2">
                <label htmlFor={`${uid}-discount-reason`} className="mb-1 block text-sm font-medium">
                  Discount reason
                </label>
                <input
                  id={`${uid}-discount-reason`}
                  value={discountReason}
                  onChange={(e) => setDiscountReason(e.target.value)}
                  className={input(Boolean(errors.discountReason))}
                  {...aria(`${uid}-discount-reason`, errors.discountReason)}
                />
                <Error id={`${uid}-discount-reason`} message={errors.discountReason} />
              </div>
            </>
          ) : null}
          <div className="sm:col-span-2">
            <label htmlFor={`${uid}-note`} className="mb-1 block text-sm font-medium">
              Note to the customer (in the e-mail and on the payment page)
            </label>
            <textarea
              id={`${uid}-note`}
              rows={3}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              className={`${input(Boolean(errors.note))} py-2`}
              {...aria(`${uid}-note`, errors.note)}
            />
            <Error id={`${uid}-note`} message={errors.note} />
          </div>
        </section>
      </fieldset>

      <section aria-labelledby={`${uid}-totals`} className="max-w-sm">
        <h2 id={`${uid}-totals`} className="mb-2 text-xl font-semibold">
          Totals
        </h2>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 text-sm" data-testid="draft-totals">
          <dt>Subtotal</dt>
          <dd>{formatCents(totals.subtotalCents)}</dd>
          <dt>Discount</dt>
          <dd>-{formatCents(totals.discountCents)}</dd>
          <dt>Shipping</dt>
          <dd>{formatCents(totals.shippingCents)}</dd>
          <dt>Tax</dt>
          <dd>{formatCents(totals.taxCents)}</dd>
          <dt className="font-semibold">Total</dt>
          <dd className="font-semibold" data-testid="draft-total">
            {formatCents(totals.totalCents)}
          </dd>
        </dl>
      </section>

      <div className="flex flex-wrap gap-3">
        {editable ? (
          <button type="button" className={primary} disabled={busy} onClick={save}>
            Save draft
          </button>
        ) : null}
        {draft && canSend(draft.status) ? (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="send" />
            <button type="submit" className={draft.status === "draft" ? primary : button} disabled={busy}>
              {draft.status === "draft" ? "Send payment link" : "Send payment link again"}
            </button>
          </fetcher.Form>
        ) : null}
        {draft && canCancel(draft.status) ? (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="cancel" />
            <button type="submit" className={button} disabled={busy}>
              Cancel draft
            </button>
          </fetcher.Form>
        ) : null}
      </div>

      {draft ? (
        <section aria-labelledby={`${uid}-history`}>
          <h2 id={`${uid}-history`} className="mb-2 text-xl font-semibold">
            History
          </h2>
          <ol className="space-y-1 text-sm" data-testid="draft-history">
            {draft.events.map((e) => (
              <li key={e.id}>
                <time dateTime={e.createdAt}>{e.createdAt.replace("T", " ").slice(0, 16)} UTC</time> —{" "}
                {e.kind.replace(/_/g, " ")} by {e.actorName}
                {e.note ? ` (${e.note})` : ""}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}

/** Search the catalogue by name or SKU, choose a size and colour, add it. */
function ItemPicker({ onAdd }: { onAdd: (line: LineState) => void }) {
  const uid = useId();
  const [q, setQ] = useState("");
  const [results, setResults] = useState<VariantChoice[] | null>(null);
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  async function search() {
    setError(null);
    const res = await fetch(`/admin/orders/drafts/products?q=${encodeURIComponent(q)}`, {
      headers: { accept: "application/json" },
    }).catch(() => null);
    const body = (await res?.json().catch(() => null)) as
      { ok: true; products: VariantChoice[] } | { ok: false; error: string } | null;
    if (!body) return setError("The catalogue could not be searched. Try again.");
    if (!body.ok) return setError(body.error);
    setResults(body.products);
  }

  return (
    <div className="rounded-xl border border-dashed border-stone-400 p-3">
      <div className="flex flex-wrap items-end gap-2">
        <div className="grow">
          <label htmlFor={`${uid}-q`} className="mb-1 block text-sm font-medium">
            Find a product (name or SKU)
          </label>
          <input
            id={`${uid}-q`}
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                void search();
              }
            }}
            className={input(false)}
          />
        </div>
        <button type="button" className={button} onClick={() => void search()}>
          Search products
        </button>
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div aria-live="polite">
        {results && results.length === 0 ? <p className="mt-2 text-sm text-muted">No product matches.</p> : null}
      </div>
      {results && results.length > 0 ? (
        <ul className="mt-3 space-y-2">
          {results.map((p) => {
            const selectId = `${uid}-${p.productId}`;
            const variantId = chosen[p.productId] ?? p.variants[0]?.id ?? "";
            const variant = p.variants.find((v) => v.id === variantId);
            return (
              <li key={p.productId} className="flex flex-wrap items-end gap-2" data-testid="draft-product">
                <div className="grow">
                  <label htmlFor={selectId} className="mb-1 block text-sm">
                    {p.name}
                    {p.active ? "" : " (hidden from the shop)"}: size and colour
                  </label>
                  <select
                    id={selectId}
                    value={variantId}
                    onChange={(e) => setChosen((c) => ({ ...c, [p.productId]: e.target.value }))}
                    className={input(false)}
                  >
                    {p.variants.map((v) => (
                      <option key={v.id} value={v.id}>
                        {[v.size, v.color].filter(Boolean).join(" / ") || "One size"} — {formatCents(v.priceCents)} —{" "}
                        {v.stock} in stock
                      </option>
                    ))}
                  </select>
                </div>
                <button
                  type="button"
                  className={button}
                  disabled={!variant}
                  aria-label={`Add ${p.name}`}
                  onClick={() =>
                    variant &&
                    onAdd({
                      variantId: variant.id,
                      productName: p.name,
                      size: variant.size,
                      color: variant.color,
                      sku: variant.sku,
                      catalogUnitCents: variant.priceCents,
                      quantity: "1",
                      unitPrice: "",
                      reason: "",
                    })
                  }
                >
                  Add
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
