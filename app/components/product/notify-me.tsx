import { Bell, CheckCircle2 } from "~/components/ui/icons";
import { useId, useState } from "react";
import { useFetcher, useSearchParams } from "react-router";
import { useRootData } from "~/components/use-root-data";
import { useViewer } from "~/components/viewer/viewer";
import type { ProductDetail } from "~/modules/catalog/catalog-types";
import type { Choice } from "~/modules/catalog/purchase-rules";
import { RESTOCK_MESSAGES } from "~/modules/restock/restock-texts";

/** What `POST /api/back-in-stock` answers a fetcher (routes/api.back-in-stock.ts). */
interface Answer {
  ok: boolean;
  outcome?: "recorded" | "already";
  message: string;
  errors?: Partial<Record<string, string>>;
}

const ACTION = "/api/back-in-stock";
const FIELD =
  "block h-11 w-full rounded-xl border border-line bg-white px-3.5 text-sm text-ink outline-none hover:border-stone-400 focus:border-brand aria-[invalid=true]:border-red-500";

/**
 * A labelled control with its hint and error tied to it (aria-describedby, aria-invalid). Plain markup
 * rather than the form kit's fields: the product page's bundle does not carry the kit (its budget).
 */
function Field(props: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  optional?: boolean;
  children: (aria: { "aria-invalid"?: true; "aria-describedby"?: string }) => React.ReactNode;
}) {
  const { id, label, hint, error } = props;
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink">
        {label}
        {props.optional && <span className="font-normal text-muted"> (optional)</span>}
      </label>
      {props.children({ "aria-invalid": error ? true : undefined, "aria-describedby": described || undefined })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** 'M / Black', 'M', 'Black', or the product's name for a product with neither. */
function optionName(variant: { size: string; color: string }, productName: string): string {
  return [variant.size, variant.color].filter(Boolean).join(" / ") || productName;
}

/**
 * 'Notify me when it's back' (issue 31): under the pickers whenever a size or colour of the product is
 * sold out. A disclosure (a native `<details>`: keyboard and screen readers know it, and it opens without
 * JavaScript) holding a labelled form: which sold-out size and colour, the e-mail (a guest's; a signed-in
 * shopper's account is used), and optionally a WhatsApp number. It posts to `/api/back-in-stock`; with
 * JavaScript the answer shows in place (a live region), without it the page comes back with
 * `?notify=recorded|already`.
 */
export function NotifyMe({ product, choice }: { product: ProductDetail; choice: Choice }) {
  const soldOut = product.variants.filter((v) => v.stock <= 0);
  const fetcher = useFetcher<Answer>();
  const viewer = useViewer();
  const root = useRootData();
  const [searchParams] = useSearchParams();
  const id = useId();

  // The sold-out option the shopper is looking at: the chosen size in the chosen colour, else the first
  // sold-out one in that colour, else the first.
  const looking =
    soldOut.find((v) => v.size === (choice.size ?? "") && v.color === (choice.color ?? "")) ??
    soldOut.find((v) => v.color === (choice.color ?? "")) ??
    soldOut[0];
  const [variantId, setVariantId] = useState<string | undefined>(undefined);
  if (soldOut.length === 0 || !looking) return null;
  const chosen = soldOut.find((v) => v.id === variantId) ?? looking;

  const user = viewer.known ? viewer.user : (root?.user ?? null);
  const answered = fetcher.data;
  const fromUrl = searchParams.get("notify");
  const confirmation = answered?.ok
    ? answered.message
    : fromUrl === "recorded"
      ? RESTOCK_MESSAGES.recorded
      : fromUrl === "already"
        ? RESTOCK_MESSAGES.already
        : null;
  const errors = answered && !answered.ok ? (answered.errors ?? {}) : {};
  const formError = answered && !answered.ok && Object.keys(errors).length === 0 ? answered.message : null;
  const busy = fetcher.state !== "idle";

  return (
    <details
      id="notify-me"
      open={fromUrl ? true : undefined}
      className="group rounded-2xl border border-line bg-white p-4"
      data-testid="notify-me"
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 text-sm font-semibold [&::-webkit-details-marker]:hidden">
        <Bell className="size-4" aria-hidden />
        Sold out in your size or colour? Notify me when it&apos;s back
      </summary>
      <form
        method="post"
        action={ACTION}
        onSubmit={(event) => {
          // With JavaScript the fetcher sends it and the answer shows here; nothing else reloads.
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          form.set("reply", "data");
          void fetcher.submit(form, { method: "post", action: ACTION, defaultShouldRevalidate: false });
        }}
        className="mt-4 flex flex-col gap-4"
        noValidate
      >
        <input type="hidden" name="productId" value={product.id} />
        <Field
          id={`${id}-variant`}
          label={
            product.sizes.length > 0 && product.colors.length > 0
              ? "Size and colour"
              : product.sizes.length > 0
                ? "Size"
                : "Option"
          }
          error={errors.variantId ?? errors.productId}
        >
          {(aria) => (
            <select
              id={`${id}-variant`}
              name="variantId"
              value={chosen.id}
              onChange={(event) => setVariantId(event.target.value)}
              className={`${FIELD} pr-10`}
              {...aria}
            >
              {soldOut.map((v) => (
                <option key={v.id} value={v.id}>
                  {optionName(v, product.name)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {user ? (
          <p className="text-sm text-muted">
            We&apos;ll e-mail <span className="font-medium text-ink">{user.email}</span> (your account).
          </p>
        ) : (
          <Field id={`${id}-email`} label="Email" error={errors.email}>
            {(aria) => (
              <input
                id={`${id}-email`}
                name="email"
                type="email"
                autoComplete="email"
                aria-required
                className={FIELD}
                {...aria}
              />
            )}
          </Field>
        )}
        {root?.config.whatsapp && (
          <Field
            id={`${id}-phone`}
            label="WhatsApp number"
            optional
            hint="With the country code, e.g. +1 415 555 0100. We'll message you there too."
            error={errors.phone}
          >
            {(aria) => (
              <input id={`${id}-phone`} name="phone" type="tel" autoComplete="tel" className={FIELD} {...aria} />
            )}
          </Field>
        )}
        <button
          type="submit"
          className="inline-flex h-11 items-center justify-center rounded-full bg-ink px-6 text-sm font-semibold text-white hover:bg-black disabled:cursor-not-allowed disabled:opacity-60"
          disabled={busy}
        >
          {busy ? "Saving…" : "Notify me when it's back"}
        </button>
        <div role="status" aria-live="polite" className="text-sm">
          {confirmation && (
            <p className="flex items-start gap-2 text-emerald-800" data-testid="notify-confirmation">
              <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
              {confirmation}
            </p>
          )}
          {formError && <p className="text-red-700">{formError}</p>}
        </div>
        <p className="text-xs text-muted">
          One message when it&apos;s back, to the first few who asked per piece that comes in. Your request ends after
          that, or after 90 days.
        </p>
      </form>
    </details>
  );
}
