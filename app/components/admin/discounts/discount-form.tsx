import { useEffect, useRef, useState } from "react";
import { Link, useActionData, useFetcher, useNavigate } from "react-router";
import { toast } from "sonner";
import { CheckboxField, FormMessage, primaryButton, secondaryButton, TextField } from "~/components/ui/field";
import { useAnnounceOnce } from "~/components/ui/use-announce-once";
import type { DiscountAnswer } from "~/modules/promotions/discount-admin-api";
import { zoneWords } from "~/modules/promotions/discount-admin-dates";
import { discountHref, DISCOUNTS_PATH } from "~/modules/promotions/discount-admin-query";
import { CODE_MAX } from "~/modules/promotions/discount-codes";
import {
  DISCOUNT_LIMITS,
  type AppliesTo,
  type DiscountFormValues,
  type DiscountMethod,
  type ShippingRates,
  type ValueType,
} from "~/modules/promotions/discount-form";
import { Card, RadioGroup } from "./discount-fields";
import { ProductPicker, type PickedProduct } from "./product-picker";

export interface CategoryOption {
  id: string;
  name: string;
  isActive: boolean;
}

/**
 * The discount's form (issue 28): what it is called and how it is used, what it takes off, on which
 * lines, under which conditions, when, and how often. Posted whole with `intent=save` to the editor's
 * route, which checks it with the same rules (discount-form.ts) and answers each field's message; the
 * first field to fix then has the focus. Fields the chosen kind does not use are not shown.
 */
export function DiscountForm({
  mode,
  values,
  version,
  categories,
  chosenProducts,
  timeZone,
}: {
  mode: "create" | "edit";
  values: DiscountFormValues;
  /** The stored discount's version (edit). */
  version?: string;
  categories: CategoryOption[];
  chosenProducts: PickedProduct[];
  timeZone: string;
}) {
  const fetcher = useFetcher<DiscountAnswer>({ key: "discount-save" });
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  // A form posted without JavaScript renders the page with the action's answer.
  const posted = useActionData() as DiscountAnswer | undefined;
  const latest = fetcher.data ?? posted;
  const answer = latest?.intent === "save" ? latest : undefined;
  const busy = fetcher.state !== "idle";
  useAnnounceOnce(answer, (a) => (a.ok ? toast.success(a.message) : toast.error(a.message)));
  // A discount just made opens at its own address once the fetcher is done with its answer.
  // (The keyed fetcher keeps that answer: the saved discount's own form, opened next, does not go again.)
  const createdId = mode === "create" && answer?.ok ? answer.createdId : undefined;
  useEffect(() => {
    if (createdId && fetcher.state === "idle") navigate(discountHref(createdId), { replace: true });
  }, [createdId, fetcher.state, navigate]);
  useEffect(() => {
    if (answer && !answer.ok) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [answer]);
  const errors = answer && !answer.ok ? answer.errors : {};

  const [method, setMethod] = useState(values.method as DiscountMethod);
  const [valueType, setValueType] = useState(values.valueType as ValueType);
  const [shippingRates, setShippingRates] = useState(values.shippingRates as ShippingRates);
  const [appliesTo, setAppliesTo] = useState(values.appliesTo as AppliesTo);
  const zone = zoneWords(timeZone);

  return (
    <fetcher.Form ref={form} method="post" noValidate className="flex flex-col gap-6" aria-label="Discount">
      <input type="hidden" name="intent" value="save" />
      {mode === "edit" && (
        <>
          <input type="hidden" name="version" value={version} />
          <input type="hidden" name="storedMethod" value={method} />
        </>
      )}
      {answer && !answer.ok && <FormMessage kind="error">{answer.message}</FormMessage>}

      <Card title="Discount">
        <TextField
          name="title"
          label="Title"
          defaultValue={values.title}
          required
          maxLength={DISCOUNT_LIMITS.title}
          error={errors.title}
          hint="Your name for it. An automatic offer shows it to shoppers, such as 'Weekend sale'."
        />
        {mode === "create" ? (
          <RadioGroup
            name="method"
            legend="How shoppers get it"
            value={method}
            onChange={setMethod}
            error={errors.method}
            options={[
              { value: "code", label: "Discount code", hint: "Shoppers type a code at checkout." },
              { value: "automatic", label: "Automatic offer", hint: "Applies by itself when the cart qualifies." },
            ]}
          />
        ) : (
          <p className="text-sm">
            <span className="font-medium">How shoppers get it:</span>{" "}
            {method === "code" ? "Discount code" : "Automatic offer"}
            <span className="text-muted"> (set when it was created)</span>
          </p>
        )}
        {mode === "create" && method === "code" && (
          <TextField
            name="code"
            label="Code"
            defaultValue={values.code}
            required
            maxLength={CODE_MAX}
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            className="[&_input]:font-mono"
            error={errors.code}
            hint="Letters, digits, - and _; 3 to 32 characters. Shoppers may type it in any case. More codes, or codes in bulk, can be added after saving."
          />
        )}
      </Card>

      <Card title="Value">
        <RadioGroup
          name="valueType"
          legend="What it takes off"
          value={valueType}
          onChange={setValueType}
          error={errors.valueType}
          options={[
            { value: "percentage", label: "Percentage" },
            { value: "fixed", label: "Fixed amount" },
            { value: "free_shipping", label: "Free shipping" },
          ]}
        />
        {valueType === "percentage" && (
          <TextField
            name="percentOff"
            label="Percentage off"
            defaultValue={values.percentOff}
            inputMode="numeric"
            required
            className="max-w-xs"
            error={errors.percentOff}
            hint="A whole number from 1 to 100."
          />
        )}
        {valueType === "fixed" && (
          <TextField
            name="amountOff"
            label="Amount off (USD)"
            defaultValue={values.amountOff}
            inputMode="decimal"
            required
            className="max-w-xs"
            error={errors.amountOff}
            hint="Taken off the lines it applies to, never below zero."
          />
        )}
        {valueType === "free_shipping" && (
          <RadioGroup
            name="shippingRates"
            legend="Free on"
            value={shippingRates}
            onChange={setShippingRates}
            error={errors.shippingRates}
            options={[
              { value: "standard", label: "Standard shipping only" },
              { value: "any", label: "Any shipping rate", hint: "Express and overnight too." },
            ]}
          />
        )}
      </Card>

      <Card title="Applies to">
        <RadioGroup
          name="appliesTo"
          legend="Lines it applies to"
          value={appliesTo}
          onChange={setAppliesTo}
          error={errors.appliesTo}
          options={[
            { value: "order", label: "Whole order" },
            { value: "categories", label: "Specific categories" },
            { value: "products", label: "Specific products" },
          ]}
        />
        {appliesTo === "categories" && (
          <CategoryChoice categories={categories} chosen={values.categoryIds} error={errors.categoryIds} />
        )}
        {appliesTo === "products" && <ProductPicker initial={chosenProducts} error={errors.productIds} />}
        <CheckboxField
          id="discount-exclude-sale"
          name="excludeSaleItems"
          label="Leave out items already on sale (compare-at price above the price)"
          defaultChecked={values.excludeSaleItems === "on"}
        />
      </Card>

      <Card title="Conditions">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            name="minSubtotal"
            label="Minimum subtotal (USD)"
            defaultValue={values.minSubtotal}
            inputMode="decimal"
            optional
            error={errors.minSubtotal}
          />
          <TextField
            name="minQuantity"
            label="Minimum quantity of items"
            defaultValue={values.minQuantity}
            inputMode="numeric"
            optional
            error={errors.minQuantity}
          />
        </div>
        <CheckboxField
          id="discount-first-order"
          name="firstOrderOnly"
          label="Only for a customer's first order (signed-in customers)"
          defaultChecked={values.firstOrderOnly === "on"}
        />
      </Card>

      <Card title="Active dates" description={`Times are on the shop's clock: ${zone}.`}>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            name="startsAt"
            label="Starts"
            type="datetime-local"
            defaultValue={values.startsAt}
            required
            error={errors.startsAt}
            hint={zone}
          />
          <TextField
            name="endsAt"
            label="Ends"
            type="datetime-local"
            defaultValue={values.endsAt}
            optional
            error={errors.endsAt}
            hint={`${zone}. Empty: no end.`}
          />
        </div>
      </Card>

      <Card
        title="Limits"
        description="Empty means no limit. A cancelled order, or one whose payment failed, gives its use back."
      >
        <div className="grid gap-5 sm:grid-cols-3">
          <TextField
            name="usageLimit"
            label="Total uses"
            defaultValue={values.usageLimit}
            inputMode="numeric"
            optional
            error={errors.usageLimit}
          />
          <TextField
            name="perCustomerLimit"
            label="Uses per customer"
            defaultValue={values.perCustomerLimit}
            inputMode="numeric"
            optional
            error={errors.perCustomerLimit}
          />
          {method === "code" && (
            <TextField
              name="codeUsageLimit"
              label="Uses per code"
              defaultValue={values.codeUsageLimit}
              inputMode="numeric"
              optional
              error={errors.codeUsageLimit}
              hint="1 makes each code single-use."
            />
          )}
        </div>
        {method === "automatic" && (
          <CheckboxField
            id="discount-combinable"
            name="combinable"
            label="Combines with a code and with other combinable offers"
            defaultChecked={values.combinable === "on"}
          />
        )}
      </Card>

      <div className="flex flex-wrap justify-end gap-3">
        <Link to={DISCOUNTS_PATH} className={secondaryButton}>
          Cancel
        </Link>
        <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy}>
          {busy ? "Saving…" : mode === "create" ? "Create discount" : "Save discount"}
        </button>
      </div>
    </fetcher.Form>
  );
}

/** The categories to choose from, ticked as chosen; inactive ones are named so. */
function CategoryChoice({
  categories,
  chosen,
  error,
}: {
  categories: CategoryOption[];
  chosen: string[];
  error?: string;
}) {
  return (
    <fieldset className="min-w-0" aria-describedby={error ? "discount-categories-error" : undefined}>
      <legend className="mb-2 block text-sm font-medium text-ink">Categories</legend>
      {categories.length === 0 ? (
        <p className="text-sm text-muted">The shop has no categories yet.</p>
      ) : (
        <div className="grid gap-2 sm:grid-cols-3">
          {categories.map((category, i) => (
            <div key={category.id} className="flex items-start gap-3">
              <input
                id={`discount-category-${category.id}`}
                type="checkbox"
                name="categoryIds"
                value={category.id}
                defaultChecked={chosen.includes(category.id)}
                // The first box carries the group's message, so the focus finds it.
                aria-invalid={error && i === 0 ? true : undefined}
                aria-describedby={error && i === 0 ? "discount-categories-error" : undefined}
                className="mt-0.5 size-4 shrink-0 rounded accent-ink"
              />
              <label htmlFor={`discount-category-${category.id}`} className="text-sm leading-5 text-ink">
                {category.isActive ? category.name : `${category.name} (inactive)`}
              </label>
            </div>
          ))}
        </div>
      )}
      {error && (
        <p id="discount-categories-error" className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
