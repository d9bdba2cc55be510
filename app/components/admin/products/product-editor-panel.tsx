import { Loader2 } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { useBlocker, useRevalidator, useSearchParams } from "react-router";
import { toast } from "sonner";
import { FormMessage, primaryButton, secondaryButton } from "~/components/ui/field";
import { SidePanel } from "~/components/ui/side-panel";
import { useZodForm } from "~/components/ui/use-zod-form";
import { hasErrors, type FieldErrors } from "~/lib/forms";
import { isUuid } from "~/lib/ids";
import { editorProductErrors, newEditorProductValues } from "~/modules/product-admin/console-product-rules";
import {
  type EditorCategory,
  type EditorChange,
  type EditorLoad,
  type EditorProduct,
  type ProductVersion,
  type SaveAnswer,
  type SizeChartChoice,
} from "~/modules/product-admin/editor-api";
import {
  changedFormFields,
  PRODUCT_FIELDS,
  sameFormValues,
  type ProductField,
  type ProductFormValues,
} from "~/modules/product-admin/product-form";
import { PRODUCT_SAVE_MESSAGES } from "~/modules/product-admin/save-messages";
import { variantLabel } from "~/modules/product-admin/variant-form";
import { DiscardChangesDialog } from "./discard-changes-dialog";
import { EditorTabs, tabId, tabPanelId, type EditorTab } from "./editor-tabs";
import { productFieldSetters, tabHasErrors, tabWithErrors, withVariantRows } from "./product-draft";
import { FORM_TABS, ProductEditorFields, TAB_OF, type FormTab } from "./product-editor-fields";
import { ProductHistory } from "./product-history";
import { sendProductCommand, useProductEditorLoad } from "./use-product-editor";

/** The URL parameter that opens the editor: `?edit=<product id>` or `?edit=new`. */
export const EDIT_PARAM = "edit";
const FORM_ID = "product-editor-form";

type Tab = FormTab | "history";

const FIELD_LABELS: Record<ProductField, string> = {
  name: "Product Name",
  slug: "Slug",
  description: "Description",
  images: "Images",
  categoryId: "Category",
  isActive: "Active",
  featured: "Featured",
  isNew: "New",
  isSale: "On Sale",
  price: "Price",
  compareAtPrice: "Compare at Price",
  sku: "SKU",
  inventory: "Inventory",
  variants: "Variants",
  metaTitle: "Meta Title",
  metaDescription: "Meta Description",
  tags: "Tags",
  colors: "Colors",
  sizes: "Sizes",
  variantType: "Variant type",
  sizeChartId: "Size chart",
  fitNote: "Fit note",
  modelHeightCm: "Model's height (cm)",
  modelSize: "Model's size",
  garmentMeasurements: "Garment measurements",
};

interface Draft {
  /** "new" or the product's id. */
  target: string;
  values: ProductFormValues;
  /** The values as opened (or last saved): unsaved changes are the difference. */
  opened: ProductFormValues;
  version: ProductVersion | null;
  categories: EditorCategory[];
  sizeCharts: SizeChartChoice[];
  changes: EditorChange[];
  updatedAt: string | null;
  /** A refused stale save: the message, and what the owner had changed (kept to apply again). */
  conflict: { message: string; fields: ProductField[]; yours: Partial<ProductFormValues> } | null;
}

function draftOf(target: string, load: Extract<EditorLoad, { ok: true }>): Draft {
  const product = load.product;
  const values = withVariantRows(product ? product.values : newEditorProductValues());
  return {
    target,
    values,
    opened: values,
    version: product?.version ?? null,
    categories: load.categories,
    sizeCharts: load.sizeCharts,
    changes: load.changes,
    updatedAt: product?.updatedAt ?? null,
    conflict: null,
  };
}

/** The form as it is now on the server, after a stale save (409). */
function rebased(draft: Draft, current: EditorProduct, changes: EditorChange[] | undefined, message: string): Draft {
  const fields = changedFormFields(draft.opened, draft.values);
  const yours = Object.fromEntries(fields.map((field) => [field, draft.values[field]])) as Partial<ProductFormValues>;
  const values = withVariantRows(current.values);
  return {
    ...draft,
    values,
    opened: values,
    version: current.version,
    changes: changes ?? draft.changes,
    updatedAt: current.updatedAt,
    conflict: { message, fields, yours },
  };
}

/** The save's own rules, the same on both faces (spec §5). */
const errorsOf = (values: ProductFormValues): FieldErrors => editorProductErrors(values);

const showValue = (value: ProductFormValues[ProductField]) =>
  value === undefined
    ? "—"
    : typeof value === "object" && !Array.isArray(value)
      ? JSON.stringify(value)
      : Array.isArray(value)
        ? value.map((item) => (typeof item === "string" ? item : `${variantLabel(item)}: ${item.stock}`)).join(", ") ||
          "—"
        : typeof value === "boolean"
          ? value
            ? "Yes"
            : "No"
          : value || "—";

/**
 * The product editor of /admin/products (spec §2 side panel editor): opened by `?edit=<id>` or
 * `?edit=new`, closed by removing the parameter (the others stay). It loads and saves through the
 * editor's client (`use-product-editor.ts`, the console's modal uses the same), checks the form with the
 * same rules as the save, and saves as JSON with the version it opened. Unsaved changes are never lost silently: closing a dirty form, or
 * leaving the page, asks first.
 */
export function ProductEditorPanel() {
  const [params, setParams] = useSearchParams();
  const edit = params.get(EDIT_PARAM);
  const target = edit === null ? null : edit === "new" ? "new" : isUuid(edit) ? edit.toLowerCase() : "";
  const editor = useProductEditorLoad(target);
  const revalidator = useRevalidator();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [tab, setTab] = useState<Tab>("general");
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  /** Set while the panel closes on purpose, so the navigation guard lets that navigation through. */
  const leaving = useRef(false);

  // A new product opened (or the panel closed): start from its loaded values. Data reloaded for the
  // product already open does not replace what the owner is typing.
  const answer = editor.answer;
  const [seenTarget, setSeenTarget] = useState<string | null>(null);
  if (target !== seenTarget) {
    setSeenTarget(target);
    setDraft(null);
    setTab("general");
    setFormError(null);
    setConfirming(false);
  } else if (answer?.ok && target && (draft === null || draft.target !== target)) {
    setDraft(draftOf(target, answer));
  }

  const dirty = draft !== null && !sameFormValues(draft.values, draft.opened);
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);
  // Once the panel has closed, the guard is armed again for the next product.
  useEffect(() => {
    if (target === null) leaving.current = false;
  }, [target]);

  const kit = useZodForm({
    validate: () => (draft ? errorsOf(draft.values) : {}),
    fields: PRODUCT_FIELDS,
  });
  // A message stays while its field holds the value it was about; any change to the field (typed, or
  // made by a rule such as the slug following the name) takes it away until the next save.
  const [checkedValues, setCheckedValues] = useState<ProductFormValues | null>(null);
  const errors: FieldErrors = Object.fromEntries(
    PRODUCT_FIELDS.filter(
      (field) =>
        kit.errors[field] &&
        checkedValues &&
        sameFormValues({ ...checkedValues, [field]: draft?.values[field] } as ProductFormValues, checkedValues),
    ).map((field) => [field, kit.errors[field]]),
  );

  // Leaving the page (a link, Back) with unsaved changes asks first; so does closing the tab.
  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }) =>
        dirtyRef.current &&
        !leaving.current &&
        (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
      [],
    ),
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const close = useCallback(() => {
    leaving.current = true;
    setConfirming(false);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(EDIT_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [setParams]);

  const [duplicating, setDuplicating] = useState(false);
  /** Duplicate: a new inactive copy of the product as saved, opened in the panel. */
  async function duplicate() {
    if (!draft || draft.target === "new" || duplicating) return;
    setDuplicating(true);
    const result = await sendProductCommand<Extract<SaveAnswer, { ok: true }>>({
      intent: "duplicate",
      productId: draft.target,
    });
    setDuplicating(false);
    if (!result.ok) return void toast.error(result.message);
    toast.success(result.message);
    void revalidator.revalidate();
    // Not dirty (Duplicate waits for a save), so the guard lets this through.
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(EDIT_PARAM, result.product.id);
        return next;
      },
      { preventScrollReset: true },
    );
  }

  function requestClose() {
    if (saving) return;
    if (dirty) setConfirming(true);
    else close();
  }

  const fieldProps = productFieldSetters(setDraft);

  /** Shows messages at their fields: on the tab of the first one (unless this tab has one), which gets focus. */
  function showFieldErrors(errors: FieldErrors) {
    setTab(tabWithErrors(errors, TAB_OF, tab));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!draft || saving) return;
    setFormError(null);
    setCheckedValues(draft.values);
    const checked = kit.validate();
    if (!checked.ok) {
      showFieldErrors(checked.errors);
      return;
    }
    setSaving(true);
    const body = await sendProductCommand<Extract<SaveAnswer, { ok: true }>>({
      intent: "save",
      target: draft.target,
      values: draft.values,
      version: draft.version,
    });
    setSaving(false);
    if (body.ok) {
      toast.success(body.message);
      setDraft({ ...draft, opened: draft.values });
      void revalidator.revalidate();
      close();
      return;
    }
    const message = body.message || PRODUCT_SAVE_MESSAGES.failed;
    toast.error(message);
    if (body.current) {
      setDraft(rebased(draft, body.current, body.changes, message));
      kit.reset();
      return;
    }
    setFormError(message);
    if (hasErrors(body.errors)) {
      showFieldErrors(body.errors);
      kit.showErrors(body.errors);
    }
  }

  const isNew = target === "new";
  const title = isNew ? "Add Product" : "Edit Product";
  const tabs: EditorTab<Tab>[] = FORM_TABS.map(({ key, label }) => ({
    key,
    label,
    invalid: tabHasErrors(errors, TAB_OF, key),
  }));
  if (!isNew) tabs.push({ key: "history", label: "History" });

  const failedLoad = target === "" ? PRODUCT_SAVE_MESSAGES.notFound : answer && !answer.ok ? answer.message : null;
  const categoryName = (id: string) => draft?.categories.find((c) => c.id === id)?.name;

  return (
    <>
      <SidePanel
        open={target !== null}
        title={title}
        onRequestClose={requestClose}
        footer={
          <>
            {draft && !isNew && (
              <button
                type="button"
                onClick={() => void duplicate()}
                disabled={saving || duplicating || dirty}
                title={
                  dirty
                    ? "Save or discard your changes first: the copy is made of the product as saved"
                    : "A new inactive copy, with its own slug and SKUs and no stock"
                }
                className={`${secondaryButton} mr-auto`}
              >
                {duplicating ? "Duplicating..." : "Duplicate"}
              </button>
            )}
            <button type="button" onClick={requestClose} disabled={saving} className={secondaryButton}>
              Cancel
            </button>
            <button type="submit" form={FORM_ID} disabled={!draft || saving} className={primaryButton}>
              {saving && <Loader2 className="size-4 animate-spin" aria-hidden />}
              {saving ? "Saving..." : "Save"}
            </button>
          </>
        }
      >
        {failedLoad ? (
          <div className="space-y-4">
            <FormMessage kind="error">{failedLoad}</FormMessage>
            {target && (
              <button type="button" className={secondaryButton} onClick={editor.reload}>
                Try Again
              </button>
            )}
          </div>
        ) : !draft ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted">
            <Loader2 className="size-4 animate-spin" aria-hidden />
            Loading product...
          </p>
        ) : (
          <form id={FORM_ID} {...kit.form} onSubmit={submit} aria-label={title}>
            {draft.conflict && (
              <div
                role="alert"
                className="mb-5 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
              >
                <p className="font-medium">{draft.conflict.message}</p>
                {draft.conflict.fields.length > 0 && (
                  <>
                    <p className="mt-2">The form now shows the current values. Your changes, not saved:</p>
                    <ul className="mt-1 list-disc pl-5">
                      {draft.conflict.fields.map((field) => (
                        <li key={field}>
                          {FIELD_LABELS[field]}: {showValue(draft.conflict!.yours[field]!)}
                        </li>
                      ))}
                    </ul>
                    <button
                      type="button"
                      className="mt-3 rounded-full border border-amber-400 bg-white px-4 py-1.5 text-sm font-semibold hover:bg-amber-100"
                      onClick={() =>
                        setDraft((d) => d && { ...d, values: { ...d.values, ...d.conflict!.yours }, conflict: null })
                      }
                    >
                      Apply my changes again
                    </button>
                  </>
                )}
              </div>
            )}
            {formError && !draft.conflict && (
              <div className="mb-5">
                <FormMessage kind="error">{formError}</FormMessage>
              </div>
            )}
            <EditorTabs tabs={tabs} selected={tab} onSelect={setTab} label="Product details" />
            <ProductEditorFields
              values={draft.values}
              errors={errors}
              categories={draft.categories}
              sizeCharts={draft.sizeCharts}
              tab={tab}
              isNew={isNew}
              {...fieldProps}
            />
            {!isNew && (
              <div
                role="tabpanel"
                id={tabPanelId("history")}
                aria-labelledby={tabId("history")}
                hidden={tab !== "history"}
              >
                <ProductHistory changes={draft.changes} categoryName={categoryName} />
              </div>
            )}
            <p className="mt-6 text-xs text-muted">
              {draft.updatedAt ? `Last updated: ${new Date(draft.updatedAt).toLocaleString("en-US")}` : "New product"}
            </p>
          </form>
        )}
      </SidePanel>
      <DiscardChangesDialog
        open={confirming || blocker.state === "blocked"}
        onKeep={() => {
          setConfirming(false);
          if (blocker.state === "blocked") blocker.reset();
        }}
        onDiscard={() => {
          if (blocker.state === "blocked") {
            leaving.current = true;
            blocker.proceed();
          } else {
            close();
          }
        }}
      />
    </>
  );
}
