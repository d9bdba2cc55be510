import { useId } from "react";
import { Form, useNavigation } from "react-router";
import {
  FieldError,
  FormMessage,
  primaryButton,
  secondaryButton,
  SelectField,
  TextAreaField,
  TextField,
  errorId,
} from "~/components/ui/field";
import { SiteLink } from "~/components/ui/site-link";
import { useZodForm } from "~/components/ui/use-zod-form";
import type { FieldErrors } from "~/lib/forms";
import { formatCents } from "~/lib/money";
import { FALLBACK_IMAGE } from "~/modules/catalog/product-rules";
import { RESOLUTION_LABELS, RETURN_NOTE_MAX, RETURN_REASON_LABELS } from "~/modules/returns/return-rules";
import {
  ITEMS_FIELD,
  LINE_FIELDS,
  RETURN_REASON_VALUES,
  lineField,
  parseReturnRequest,
  type TypedReturnRequest,
} from "./return-request-fields";

/** A line of the order as the form shows it (the loader's `requestForm` line). */
export interface RequestFormLineView {
  orderItemId: string;
  productName: string;
  imageUrl: string | null;
  size: string;
  color: string;
  quantity: number;
  returnable: number;
  unitPriceCents: number;
  options: Array<{ variantId: string; size: string; color: string; stock: number }>;
}

export interface ReturnRequestAnswer {
  ok: false;
  message: string;
  errors: FieldErrors;
  values: TypedReturnRequest | null;
}

const sizeColour = (size: string, color: string) => [size && `Size ${size}`, color].filter(Boolean).join(" · ");

/** An exchange option's words: the size alone when the colour is the one bought. */
function optionLabel(line: RequestFormLineView, option: RequestFormLineView["options"][number]): string {
  const words = option.color === line.color || !option.color ? option.size : [option.size, option.color].join(" / ");
  return option.stock > 0 ? words : `${words} (sold out)`;
}

/**
 * The shopper's return request (issue 30): per line of the order, a fieldset with 'Return this item',
 * the quantity, the reason (a note for 'Other'), refund or exchange, and for an exchange the other
 * sizes and colours of the product (sold-out ones shown, not choosable). A plain form posted to the
 * page's action, which works without JavaScript; with it, the same parser checks the form before it is
 * sent. Every message is tied to its control (aria-describedby), and the first one gets focus.
 */
export function ReturnRequestForm({
  orderNumber,
  lines,
  answer,
}: {
  orderNumber: string;
  lines: RequestFormLineView[];
  answer: ReturnRequestAnswer | undefined;
}) {
  const choosable = lines.filter((line) => line.returnable > 0);
  const fields = [ITEMS_FIELD, ...choosable.flatMap((line) => LINE_FIELDS.map((f) => lineField(line.orderItemId, f)))];
  const formId = useId();
  const kit = useZodForm({
    fields,
    validate: (): FieldErrors => {
      // The kit's own ref is the form's; the check reads it by id (called on submit, when it is there).
      const element = document.getElementById(formId);
      if (!(element instanceof HTMLFormElement)) return {};
      const parsed = parseReturnRequest(new FormData(element), lines);
      return parsed.ok ? {} : parsed.errors;
    },
    lastResult: answer ?? null,
  });
  const busy = useNavigation().state === "submitting";
  const typed = answer?.values ?? null;
  const value = (name: string, fallback: string) => typed?.fields[name] ?? fallback;
  const itemsError = kit.errors[ITEMS_FIELD];

  return (
    <Form method="post" className="mt-8 flex flex-col gap-6" id={formId} {...kit.form}>
      {answer && <FormMessage kind="error">{answer.message}</FormMessage>}
      <FieldError id={ITEMS_FIELD} error={itemsError} />
      <ul className="flex flex-col gap-5" aria-label={`Items of ${orderNumber}`}>
        {lines.map((line, index) => {
          const id = line.orderItemId;
          const name = (field: (typeof LINE_FIELDS)[number]) => lineField(id, field);
          const domId = (field: string) => `line-${index}-${field}`;
          const heading = (
            <span className="flex items-center gap-3">
              <img
                src={line.imageUrl ?? FALLBACK_IMAGE}
                alt=""
                width={48}
                height={60}
                className="h-15 w-12 rounded-lg bg-stone-100 object-cover"
              />
              <span>
                <span className="block font-semibold">{line.productName}</span>
                <span className="block text-sm font-normal text-muted">
                  {[sizeColour(line.size, line.color), `Qty ${line.quantity}`, formatCents(line.unitPriceCents)]
                    .filter(Boolean)
                    .join(" · ")}
                </span>
              </span>
            </span>
          );
          if (line.returnable === 0) {
            return (
              <li key={id} className="rounded-2xl border border-line bg-stone-50 p-5">
                {heading}
                <p className="mt-3 text-sm font-medium text-muted">
                  Already returned: this item cannot be chosen again.
                </p>
              </li>
            );
          }
          const ticked = typed ? typed.items.includes(id) : false;
          const resolution = value(name("resolution"), "refund");
          const checkboxField = kit.field(ITEMS_FIELD);
          const noOptions = line.options.length === 0;
          return (
            <li key={id} className="rounded-2xl border border-line bg-white p-5">
              <fieldset className="flex flex-col gap-4">
                <legend className="w-full">{heading}</legend>
                <div className="flex items-start gap-3">
                  <input
                    id={domId("choose")}
                    type="checkbox"
                    name={ITEMS_FIELD}
                    value={id}
                    defaultChecked={ticked}
                    autoFocus={checkboxField.autoFocus && index === lines.indexOf(choosable[0]!) ? true : undefined}
                    aria-invalid={itemsError ? true : undefined}
                    aria-describedby={itemsError ? errorId(ITEMS_FIELD) : undefined}
                    className="mt-0.5 size-4 shrink-0 rounded accent-ink"
                  />
                  <label htmlFor={domId("choose")} className="text-sm font-medium">
                    Return this item
                  </label>
                </div>
                <div className="grid gap-4 sm:grid-cols-2">
                  <TextField
                    {...kit.field(name("quantity"))}
                    id={domId("quantity")}
                    label="Quantity"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={line.returnable}
                    defaultValue={value(name("quantity"), "1")}
                    hint={line.returnable === 1 ? "1 can be returned" : `Up to ${line.returnable} can be returned`}
                  />
                  <SelectField
                    {...kit.field(name("reason"))}
                    id={domId("reason")}
                    label="Reason"
                    defaultValue={value(name("reason"), "")}
                  >
                    <option value="" disabled>
                      Choose a reason
                    </option>
                    {RETURN_REASON_VALUES.map((reason) => (
                      <option key={reason} value={reason}>
                        {RETURN_REASON_LABELS[reason]}
                      </option>
                    ))}
                  </SelectField>
                </div>
                <TextAreaField
                  {...kit.field(name("note"))}
                  id={domId("note")}
                  label="Note"
                  optional
                  hint="Required when the reason is Other"
                  rows={2}
                  maxLength={RETURN_NOTE_MAX}
                  defaultValue={value(name("note"), "")}
                />
                <fieldset aria-describedby={kit.errors[name("resolution")] ? errorId(domId("resolution")) : undefined}>
                  <legend className="mb-2 text-sm font-medium">Refund or exchange</legend>
                  <div className="flex flex-wrap gap-2">
                    {(["refund", "exchange"] as const).map((choice) => (
                      <label
                        key={choice}
                        className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-line px-4 py-2 text-sm has-[:checked]:border-ink has-[:checked]:bg-stone-100 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60"
                      >
                        <input
                          type="radio"
                          name={name("resolution")}
                          value={choice}
                          defaultChecked={resolution === choice}
                          disabled={choice === "exchange" && noOptions}
                          className="accent-ink"
                        />
                        {RESOLUTION_LABELS[choice]}
                      </label>
                    ))}
                  </div>
                  <FieldError id={domId("resolution")} error={kit.errors[name("resolution")]} />
                </fieldset>
                {noOptions ? (
                  <p className="text-sm text-muted">This item has no other size or colour to exchange for.</p>
                ) : (
                  <SelectField
                    {...kit.field(name("exchange"))}
                    id={domId("exchange")}
                    label="Size or colour wanted (for an exchange)"
                    defaultValue={value(name("exchange"), "")}
                  >
                    <option value="">Choose a size or colour</option>
                    {line.options.map((option) => (
                      <option key={option.variantId} value={option.variantId} disabled={option.stock <= 0}>
                        {optionLabel(line, option)}
                      </option>
                    ))}
                  </SelectField>
                )}
              </fieldset>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? "Sending…" : "Send return request"}
        </button>
        <SiteLink to={`/order-confirmation/${orderNumber}`} className={secondaryButton}>
          Back to order
        </SiteLink>
      </div>
    </Form>
  );
}
