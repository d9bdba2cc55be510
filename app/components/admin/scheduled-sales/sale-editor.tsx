import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { FieldError, primaryButton, secondaryButton, TextField } from "~/components/ui/field";
import { SidePanel } from "~/components/ui/side-panel";
import { useZodForm } from "~/components/ui/use-zod-form";
import { formatDateTimeIn } from "~/lib/dates";
import type { SaleCategory } from "~/modules/promotions/scheduled-sales.server";
import {
  MOVE_END_FIELDS,
  moveEndSchema,
  SALE_FIELDS,
  SALE_PERCENT,
  SALE_TITLE_MAX,
  saleFormSchema,
  STATUS_LABEL,
  saleStatus,
  toZonedInput,
  type SaleAnswer,
  type SaleProductChoice,
  type SaleState,
} from "~/modules/promotions/scheduled-sale-rules";
import { CategoryPicker, ProductPicker } from "./sale-pickers";

/** The sale the editor opens, as the page's loader gives it. */
export type EditingSale =
  | { kind: "new" }
  | {
      kind: "sale";
      sale: {
        id: string;
        title: string;
        percentOff: number;
        categoryIds: string[];
        startsAt: string;
        endsAt: string;
        state: SaleState;
        isEnabled: boolean;
      };
      products: SaleProductChoice[];
    };

/** The page's action (routes/admin.discounts.sales.tsx). */
export const SALES_PATH = "/admin/discounts/sales";

const HOUR = 3_600_000;

/**
 * The editor, in a side panel opened by the URL: a new sale, a scheduled one (every term), a running one
 * (its end moved, or ended now), an ended one (read only). Times are entered on the shop's clock.
 */
export function SaleEditorPanel({
  editing,
  categories,
  timeZone,
  now,
  onClose,
  onEndNow,
}: {
  editing: EditingSale | null;
  categories: readonly SaleCategory[];
  timeZone: string;
  now: string;
  onClose: () => void;
  onEndNow: (sale: { id: string; title: string }) => void;
}) {
  const title =
    editing === null
      ? ""
      : editing.kind === "new"
        ? "New scheduled sale"
        : editing.sale.state === "scheduled"
          ? "Edit scheduled sale"
          : editing.sale.state === "running"
            ? "Running sale"
            : "Ended sale";
  return (
    <SidePanel open={editing !== null} title={title} onRequestClose={onClose}>
      {editing?.kind === "new" && (
        <SaleForm key="new" categories={categories} timeZone={timeZone} now={now} onDone={onClose} />
      )}
      {editing?.kind === "sale" && editing.sale.state === "scheduled" && (
        <SaleForm
          key={editing.sale.id}
          sale={editing}
          categories={categories}
          timeZone={timeZone}
          now={now}
          onDone={onClose}
        />
      )}
      {editing?.kind === "sale" && editing.sale.state !== "scheduled" && (
        <StartedSale
          key={editing.sale.id}
          editing={editing}
          categories={categories}
          timeZone={timeZone}
          onDone={onClose}
          onEndNow={onEndNow}
        />
      )}
    </SidePanel>
  );
}

/** The answer of the editor's save as a toast; a success closes the panel. */
function useSaveAnswer(answer: SaleAnswer | undefined, onDone: () => void) {
  const handled = useRef<SaleAnswer | undefined>(undefined);
  useEffect(() => {
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.ok) {
      toast.success(answer.message);
      onDone();
    } else if (Object.values(answer.errors).every((message) => !message)) {
      // Field messages show beside their fields; anything else is said here.
      toast.error(answer.message);
    }
  }, [answer, onDone]);
}

/**
 * Focus on a field of the form once the panel has opened: the panel's dialog takes focus as it opens
 * (its first control, the close button), after the form has mounted.
 */
function useFocusOnOpen(form: { current: HTMLFormElement | null }, name: string) {
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const control = form.current?.elements.namedItem(name);
      if (control instanceof HTMLElement) control.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [form, name]);
}

/** The first whole hour from `now` on the shop's clock, and three days on: a new sale's suggested times. */
function suggestedTimes(now: string, timeZone: string) {
  const start = Math.ceil(new Date(now).getTime() / HOUR) * HOUR;
  return {
    startsAt: toZonedInput(new Date(start), timeZone),
    endsAt: toZonedInput(new Date(start + 72 * HOUR), timeZone),
  };
}

function SaleForm({
  sale,
  categories,
  timeZone,
  now,
  onDone,
}: {
  sale?: Extract<EditingSale, { kind: "sale" }>;
  categories: readonly SaleCategory[];
  timeZone: string;
  now: string;
  onDone: () => void;
}) {
  const fetcher = useFetcher<SaleAnswer>();
  // The schema reads the browser's clock at each check (the end must be after now); the server checks again.
  const schema = useMemo(() => saleFormSchema({ timeZone, now: () => new Date() }), [timeZone]);
  const kit = useZodForm({
    schema,
    fields: SALE_FIELDS,
    lastResult: fetcher.data,
    autoFocus: "title",
  });
  const [categoryIds, setCategoryIds] = useState<string[]>(sale?.sale.categoryIds ?? []);
  const [products, setProducts] = useState<SaleProductChoice[]>(sale?.products ?? []);
  const ids = useId();
  const saving = fetcher.state !== "idle";
  const times = sale
    ? { startsAt: toZonedInput(sale.sale.startsAt, timeZone), endsAt: toZonedInput(sale.sale.endsAt, timeZone) }
    : suggestedTimes(now, timeZone);
  useSaveAnswer(fetcher.data, onDone);
  useFocusOnOpen(kit.form.ref, "title");
  const scopeError = kit.errors.scope;

  return (
    <fetcher.Form
      method="post"
      action={SALES_PATH}
      {...kit.form}
      aria-label={sale ? "Edit scheduled sale" : "New scheduled sale"}
      className="flex flex-col gap-5"
    >
      <input type="hidden" name="intent" value={sale ? "update" : "create"} />
      {sale && <input type="hidden" name="id" value={sale.sale.id} />}
      <TextField
        {...kit.field("title")}
        label="Title"
        required
        maxLength={SALE_TITLE_MAX}
        autoComplete="off"
        defaultValue={sale?.sale.title}
        placeholder="e.g. Summer weekend"
      />
      <TextField
        {...kit.field("percentOff")}
        label="Percentage off"
        required
        type="number"
        inputMode="numeric"
        min={SALE_PERCENT.min}
        max={SALE_PERCENT.max}
        step={1}
        defaultValue={sale?.sale.percentOff}
        hint={`A whole percentage from ${SALE_PERCENT.min} to ${SALE_PERCENT.max}, taken off each product's regular price (its compare-at price when already on sale).`}
        className="max-w-xs"
      />
      <fieldset
        name="scope"
        tabIndex={-1}
        aria-describedby={scopeError ? `${ids}-scope-error` : `${ids}-scope-hint`}
        aria-invalid={scopeError ? true : undefined}
        className="flex flex-col gap-4 rounded-2xl border border-line bg-stone-50 p-4 outline-none focus-visible:ring-2 focus-visible:ring-brand"
      >
        <legend className="px-1 text-sm font-semibold">Applies to</legend>
        <p id={`${ids}-scope-hint`} className="-mt-2 text-xs text-muted">
          Products of the chosen categories when the sale starts, and the chosen products. Products added to a category
          after the start are not put on sale.
        </p>
        <CategoryPicker categories={categories} chosen={categoryIds} onChange={setCategoryIds} />
        <ProductPicker chosen={products} onChange={setProducts} />
        <FieldError id={`${ids}-scope`} error={scopeError} />
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          {...kit.field("startsAt")}
          label="Starts"
          required
          type="datetime-local"
          defaultValue={times.startsAt}
          hint={`On the shop's clock (${timeZone}). A time already passed starts the sale within a minute.`}
        />
        <TextField
          {...kit.field("endsAt")}
          label="Ends"
          required
          type="datetime-local"
          defaultValue={times.endsAt}
          hint={`On the shop's clock (${timeZone}).`}
        />
      </div>
      <div className="flex justify-end gap-3 border-t border-line pt-4">
        <button type="button" className={secondaryButton} onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className={primaryButton} disabled={saving} aria-busy={saving}>
          {saving ? "Saving..." : sale ? "Save sale" : "Schedule sale"}
        </button>
      </div>
    </fetcher.Form>
  );
}

/** A running sale (its end moved, or ended now) or an ended one (read only). */
function StartedSale({
  editing,
  categories,
  timeZone,
  onDone,
  onEndNow,
}: {
  editing: Extract<EditingSale, { kind: "sale" }>;
  categories: readonly SaleCategory[];
  timeZone: string;
  onDone: () => void;
  onEndNow: (sale: { id: string; title: string }) => void;
}) {
  const { sale, products } = editing;
  const fetcher = useFetcher<SaleAnswer>();
  const startsAt = useMemo(() => new Date(sale.startsAt), [sale.startsAt]);
  const schema = useMemo(() => moveEndSchema({ timeZone, now: () => new Date(), startsAt }), [timeZone, startsAt]);
  const kit = useZodForm({
    schema,
    fields: MOVE_END_FIELDS,
    lastResult: fetcher.data,
    autoFocus: "endsAt",
  });
  const saving = fetcher.state !== "idle";
  useSaveAnswer(fetcher.data, onDone);
  useFocusOnOpen(kit.form.ref, "endsAt");
  const names = categories.filter((c) => sale.categoryIds.includes(c.id)).map((c) => c.name);
  const running = sale.state === "running";

  return (
    <div className="flex flex-col gap-6">
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-muted">Title</dt>
        <dd className="font-medium">{sale.title}</dd>
        <dt className="text-muted">Status</dt>
        <dd>{STATUS_LABEL[saleStatus(sale)]}</dd>
        <dt className="text-muted">Off</dt>
        <dd>{sale.percentOff}%</dd>
        <dt className="text-muted">Categories</dt>
        <dd>{names.length > 0 ? names.join(", ") : "—"}</dd>
        <dt className="text-muted">Products</dt>
        <dd>{products.length > 0 ? products.map((p) => p.name).join(", ") : "—"}</dd>
        <dt className="text-muted">Started</dt>
        <dd>{formatDateTimeIn(sale.startsAt, timeZone)}</dd>
        {!running && (
          <>
            <dt className="text-muted">Ended</dt>
            <dd>{formatDateTimeIn(sale.endsAt, timeZone)}</dd>
          </>
        )}
      </dl>
      {running ? (
        <>
          <fetcher.Form
            method="post"
            action={SALES_PATH}
            {...kit.form}
            aria-label="Move the sale's end"
            className="flex flex-col gap-4"
          >
            <input type="hidden" name="intent" value="move-end" />
            <input type="hidden" name="id" value={sale.id} />
            <TextField
              {...kit.field("endsAt")}
              label="Ends"
              required
              type="datetime-local"
              defaultValue={toZonedInput(sale.endsAt, timeZone)}
              hint={`On the shop's clock (${timeZone}). Only the end of a running sale can change.`}
            />
            <div className="flex flex-wrap justify-end gap-3 border-t border-line pt-4">
              <button type="button" className={secondaryButton} onClick={() => onEndNow(sale)}>
                End now
              </button>
              <button type="submit" className={primaryButton} disabled={saving} aria-busy={saving}>
                {saving ? "Saving..." : "Move end"}
              </button>
            </div>
          </fetcher.Form>
        </>
      ) : (
        <p className="text-sm text-muted">This sale has ended; it can no longer change.</p>
      )}
    </div>
  );
}
