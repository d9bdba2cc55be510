import { Loader2 } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { useFetcher, useSearchParams } from "react-router";
import { toast } from "sonner";
import { EditorTabs, type EditorTab } from "~/components/admin/products/editor-tabs";
import {
  productFieldSetters,
  tabHasErrors,
  tabWithErrors,
  withVariantRows,
} from "~/components/admin/products/product-draft";
import { FormMessage, primaryButton, secondaryButton } from "~/components/ui/field";
import { SidePanel } from "~/components/ui/side-panel";
import { useZodForm } from "~/components/ui/use-zod-form";
import { hasErrors, type FieldErrors } from "~/lib/forms";
import {
  canSave,
  CONSOLE_PRODUCT_MESSAGES as M,
  CONSOLE_PRODUCTS_PATH,
  consoleProductErrors,
  lastUpdatedLine,
  newConsoleProductValues,
  type ConsoleProductAnswer,
  type ConsoleProductIntent,
  type ConsoleSavedProduct,
} from "~/modules/product-admin/console-product-rules";
import type { ConsoleEditor } from "~/modules/product-admin/console-products.server";
import type { ProductVersion } from "~/modules/product-admin/editor-api";
import { PRODUCT_FIELDS, VARIANT_TYPES, type ProductFormValues } from "~/modules/product-admin/product-form";
import { ConsoleProductFields, CONSOLE_TAB_OF, CONSOLE_TABS, type ConsoleTab } from "./console-product-fields";

const FORM_ID = "console-product-form";

interface Draft {
  /** "new" or the product's id. */
  target: string;
  values: ProductFormValues;
  version: ProductVersion | null;
  updatedAt: string | null;
}

function draftOf(editor: ConsoleEditor): Draft {
  const product = editor.product;
  return {
    target: editor.target,
    values: withVariantRows(product ? product.values : newConsoleProductValues()),
    version: product?.version ?? null,
    updatedAt: product?.updatedAt ?? null,
  };
}

/**
 * The console's product modal (spec §2 "Product modal"): 'Create New Product' or 'Edit Product', the
 * tabs Basic Info, Images, Variants & Groups, Pricing & Inventory, SEO & Tags, the footer with 'Last
 * updated: date' or 'New product', Cancel and Create Product / Update Product ('Saving...'). A modal
 * dialog (focus kept inside, Escape closes). The form is checked with the console's rules before it is
 * sent; the action checks them again and saves through the one product save.
 */
export function ConsoleProductModal({
  target,
  editor,
  onClose,
}: {
  /** `?edit=`: "new", a product id, "" (not an id), or null when closed. */
  target: string | null;
  editor: ConsoleEditor | null;
  onClose: () => void;
}) {
  const fetcher = useFetcher<ConsoleProductAnswer>();
  const duplicator = useFetcher<ConsoleProductAnswer>({ key: "console-duplicate" });
  const [, setParams] = useSearchParams();
  const duplicating = duplicator.state !== "idle";
  const [draft, setDraft] = useState<Draft | null>(() =>
    target && editor?.target === target ? draftOf(editor) : null,
  );
  const [seen, setSeen] = useState<string | null>(target);
  const [tab, setTab] = useState<ConsoleTab>("basic");
  const [formError, setFormError] = useState<string | null>(null);
  const handled = useRef<ConsoleProductAnswer | null>(null);
  const saving = fetcher.state !== "idle";

  // Another product (or none): start from its loaded values. A reload of the product already open
  // (after a group change) does not replace what is being typed.
  if (target !== seen) {
    setSeen(target);
    setDraft(target && editor?.target === target ? draftOf(editor) : null);
    setTab("basic");
    setFormError(null);
  } else if (target && editor?.target === target && (draft === null || draft.target !== target)) {
    setDraft(draftOf(editor));
  }

  const kit = useZodForm({
    validate: () => (draft ? consoleProductErrors(draft.values) : {}),
    fields: PRODUCT_FIELDS,
    lastResult: fetcher.data ?? null,
  });
  const resetErrors = kit.reset;
  useEffect(() => {
    resetErrors();
  }, [target, resetErrors]);

  /** Opens the tab of the first field with a message (unless the open tab has one). */
  function showTabOf(errors: FieldErrors) {
    setTab(tabWithErrors(errors, CONSOLE_TAB_OF, tab));
  }

  // A refused save: its message above the form, and the tab of its first field (set while rendering).
  const [seenAnswer, setSeenAnswer] = useState(fetcher.data);
  if (fetcher.data !== seenAnswer) {
    setSeenAnswer(fetcher.data);
    const answer = fetcher.data;
    if (answer && !answer.ok) {
      setFormError(answer.message);
      if (hasErrors(answer.errors)) showTabOf(answer.errors);
    }
  }
  // Toasts, and closing after a save: once per answer.
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.ok) {
      toast.success(answer.message);
      onClose();
    } else {
      toast.error(M.saveFailed, { description: answer.message === M.saveFailed ? undefined : answer.message });
    }
  }, [fetcher.data, onClose]);

  // Duplicate: the copy opens in the modal (its address in the URL).
  const handledCopy = useRef<ConsoleProductAnswer | null>(null);
  useEffect(() => {
    const answer = duplicator.data;
    if (!answer || handledCopy.current === answer) return;
    handledCopy.current = answer;
    if (answer.ok && answer.product) {
      toast.success(answer.message);
      const copyId = answer.product.id;
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set("edit", copyId);
          return next;
        },
        { preventScrollReset: true },
      );
    } else {
      toast.error(answer.message);
    }
  }, [duplicator.data, setParams]);

  const fieldProps = productFieldSetters(setDraft);

  /** A group write answered: the product's new version, and its variant type unless one is chosen here. */
  const onGroupChanged = useCallback((product: ConsoleSavedProduct, intent: ConsoleProductIntent) => {
    setDraft((current) => {
      if (!current || current.target !== product.id) return current;
      const chosen = (VARIANT_TYPES as readonly string[]).includes(current.values.variantType);
      const variantType = intent === "group-leave" ? "" : chosen ? current.values.variantType : product.variantType;
      return {
        ...current,
        version: product.version,
        updatedAt: product.updatedAt,
        values: { ...current.values, variantType },
      };
    });
  }, []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!draft || saving || !canSave(draft.values)) return;
    setFormError(null);
    const checked = kit.validate();
    if (!checked.ok) {
      showTabOf(checked.errors);
      return;
    }
    void fetcher.submit(
      {
        intent: "save",
        target: draft.target,
        values: JSON.stringify(draft.values),
        version: draft.version ? JSON.stringify(draft.version) : "",
      },
      { method: "post", action: CONSOLE_PRODUCTS_PATH },
    );
  }

  const isNew = target === "new";
  const title = isNew ? "Create New Product" : "Edit Product";
  const missing = target === "" || (target !== null && target !== "new" && editor === null);
  const tabs: EditorTab<ConsoleTab>[] = CONSOLE_TABS.map(({ key, label }) => ({
    key,
    label,
    invalid: tabHasErrors(kit.errors, CONSOLE_TAB_OF, key),
  }));

  return (
    <SidePanel
      open={target !== null}
      title={title}
      width="max-w-3xl"
      onRequestClose={() => {
        if (!saving) onClose();
      }}
      footer={
        <>
          <p className="mr-auto self-center text-xs text-muted">{draft ? lastUpdatedLine(draft.updatedAt) : ""}</p>
          {!isNew && draft && (
            <button
              type="button"
              disabled={saving || duplicating}
              className={secondaryButton}
              title="A new inactive copy of the product as saved, with its own slug and SKUs and no stock"
              onClick={() =>
                void duplicator.submit(
                  { intent: "duplicate", productId: draft.target },
                  { method: "post", action: CONSOLE_PRODUCTS_PATH },
                )
              }
            >
              {duplicating ? "Duplicating..." : "Duplicate"}
            </button>
          )}
          <button type="button" onClick={onClose} disabled={saving} className={secondaryButton}>
            Cancel
          </button>
          <button
            type="submit"
            form={FORM_ID}
            disabled={!draft || saving || !canSave(draft.values)}
            className={primaryButton}
          >
            {saving && <Loader2 className="size-4 animate-spin" aria-hidden />}
            {saving ? "Saving..." : isNew ? "Create Product" : "Update Product"}
          </button>
        </>
      }
    >
      {missing ? (
        <FormMessage kind="error">Product not found</FormMessage>
      ) : !draft || !editor ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted">
          <Loader2 className="size-4 animate-spin" aria-hidden />
          Loading product...
        </p>
      ) : (
        <form id={FORM_ID} {...kit.form} onSubmit={submit} aria-label={title}>
          {formError && (
            <div className="mb-5">
              <FormMessage kind="error">{formError}</FormMessage>
            </div>
          )}
          <EditorTabs tabs={tabs} selected={tab} onSelect={setTab} label="Product details" />
          <ConsoleProductFields
            values={draft.values}
            errors={kit.errors}
            categories={editor.categories}
            tab={tab}
            productId={isNew ? null : draft.target}
            group={editor.group}
            onGroupChanged={onGroupChanged}
            {...fieldProps}
          />
        </form>
      )}
    </SidePanel>
  );
}
