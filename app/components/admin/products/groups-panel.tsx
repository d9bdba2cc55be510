import { ChevronRight, Layers, Loader2, Plus, Search, Trash2, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type RefObject } from "react";
import { useFetcher, useFetchers, useSearchParams } from "react-router";
import { toast } from "sonner";
import { FieldError, FieldLabel, inputClass, primaryButton, secondaryButton, TextField } from "~/components/ui/field";
import { SidePanel } from "~/components/ui/side-panel";
import { useAnnounceOnce } from "~/components/ui/use-announce-once";
import { useZodForm } from "~/components/ui/use-zod-form";
import { formatCents } from "~/lib/money";
import {
  countLabel,
  CREATE_GROUP_FIELDS,
  createGroupSchema,
  FAILED_TOAST,
  GROUP_DESCRIPTION_MAX,
  GROUP_MESSAGES,
  GROUP_NAME_MAX,
  joinProductIds,
  type GroupActionAnswer,
  type GroupsAnswer,
  type GroupView,
  type UngroupedProduct,
} from "~/modules/product-admin/group-rules";
import { FALLBACK_IMAGE } from "~/modules/catalog/product-rules";

/** The resource route of the panel (routes/admin.products.groups.ts). */
export const GROUPS_ROUTE = "/admin/products/groups";
/** `/admin/products?panel=groups` opens the panel; closing it removes the parameter, keeping the others. */
export const PANEL_PARAM = "panel";
export const GROUPS_PANEL = "groups";

/**
 * The groups panel of the product dashboard (spec §2 'Product Groups & Variants'): groups with their
 * counts, each expandable to its variants with remove-from-group, delete-group, and the 'Create New
 * Group' form. Opened by the URL (`?panel=groups`), so it survives a reload and Back closes it.
 */
export function GroupsPanel() {
  const [searchParams, setSearchParams] = useSearchParams();
  const open = searchParams.get(PANEL_PARAM) === GROUPS_PANEL;
  const close = () =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(PANEL_PARAM);
        return next;
      },
      { preventScrollReset: true },
    );
  return (
    <SidePanel open={open} title="Product Groups & Variants" onRequestClose={close} width="max-w-3xl">
      {open && <GroupsPanelBody />}
    </SidePanel>
  );
}

function GroupsPanelBody() {
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const groupsFetcher = useFetcher<GroupsAnswer>();
  const { load: loadGroups } = groupsFetcher;
  const answer = groupsFetcher.data;
  const listing = answer?.ok ? answer.groups : undefined;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const createButtonRef = useRef<HTMLButtonElement>(null);

  // Loaded when the panel opens and on each page; every write in the panel reloads it (revalidation).
  useEffect(() => {
    void loadGroups(`${GROUPS_ROUTE}?part=groups&page=${page}`);
  }, [loadGroups, page]);

  useEffect(() => {
    if (answer && !answer.ok) toast.error(GROUP_MESSAGES.loadFailed, { description: answer.message });
  }, [answer]);

  const closeForm = () => {
    setCreating(false);
    // The form's controls are gone: focus goes back to the button that opened it.
    requestAnimationFrame(() => createButtonRef.current?.focus());
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted" aria-live="polite">
          {listing
            ? `${countLabel(listing.totalGroups, "group")} · ${countLabel(listing.totalVariants, "variant")}`
            : ""}
        </p>
        <button
          ref={createButtonRef}
          type="button"
          className={primaryButton}
          aria-expanded={creating}
          aria-controls="create-group-form"
          onClick={() => (creating ? closeForm() : setCreating(true))}
        >
          <Plus className="size-4" aria-hidden />
          Create New Group
        </button>
      </div>

      {creating && <CreateGroupForm onDone={closeForm} />}
      <GroupWriteAnnouncer headingRef={headingRef} />

      <section aria-labelledby="product-groups-heading" className="flex flex-col gap-3">
        <h3 id="product-groups-heading" ref={headingRef} tabIndex={-1} className="text-base font-semibold outline-none">
          Groups
        </h3>
        {!answer && groupsFetcher.state !== "idle" ? (
          <p className="flex items-center gap-2 text-sm text-muted" role="status">
            <Loader2 className="size-4 animate-spin" aria-hidden /> Loading product groups...
          </p>
        ) : answer && !answer.ok ? (
          <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
            <p className="font-medium">{GROUP_MESSAGES.loadFailed}</p>
            <p className="mt-1">{answer.message}</p>
            <button
              type="button"
              className={`${secondaryButton} mt-3`}
              onClick={() => void loadGroups(`${GROUPS_ROUTE}?part=groups&page=${page}`)}
            >
              Try Again
            </button>
          </div>
        ) : listing && listing.groups.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-line p-8 text-center">
            <Layers className="mx-auto size-8 text-stone-400" aria-hidden />
            <p className="mt-2 font-medium">No product groups</p>
            <p className="mt-1 text-sm text-muted">
              Group colour or style variants so shoppers can switch between them.
            </p>
          </div>
        ) : listing ? (
          <>
            <ul className="flex flex-col gap-3">
              {listing.groups.map((group) => (
                <GroupItem key={group.id} group={group} />
              ))}
            </ul>
            {listing.pageCount > 1 && (
              <nav aria-label="Group pages" className="flex items-center justify-between gap-3 text-sm">
                <button
                  type="button"
                  className={secondaryButton}
                  disabled={listing.page <= 1}
                  onClick={() => setPage(listing.page - 1)}
                >
                  Previous
                </button>
                <span>
                  Page {listing.page} of {listing.pageCount}
                </span>
                <button
                  type="button"
                  className={secondaryButton}
                  disabled={listing.page >= listing.pageCount}
                  onClick={() => setPage(listing.page + 1)}
                >
                  Next
                </button>
              </nav>
            )}
          </>
        ) : null}
      </section>
    </div>
  );
}

/** The answer of a write as a toast: the spec's success text, or its failure text with the reason under it. */
function useToastAnswer(
  answer: GroupActionAnswer | undefined,
  onSuccess?: (answer: Extract<GroupActionAnswer, { ok: true }>) => void,
) {
  const handled = useRef<GroupActionAnswer | undefined>(undefined);
  useEffect(() => {
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.ok) {
      toast.success(answer.message);
      onSuccess?.(answer);
    } else {
      toast.error(answer.intent ? FAILED_TOAST[answer.intent] : GROUP_MESSAGES.createFailed, {
        description: answer.message,
      });
    }
  }, [answer, onSuccess]);
}

/** Each group's writes (remove a member, delete) go by a fetcher of this key, so the panel can read their answers. */
const GROUP_WRITE = "group-write:";
const groupWriteKey = (groupId: string) => `${GROUP_WRITE}${groupId}`;

/**
 * The answers of the groups' writes as toasts, from the panel: a group item unmounts in the same commit
 * as the answer that deleted (or dissolved) it, so an effect of its own would never run. Focus goes
 * to the list's heading when the group is gone.
 */
function GroupWriteAnnouncer({ headingRef }: { headingRef: RefObject<HTMLHeadingElement | null> }) {
  // The keys of the writes seen on their way (a fetcher is listed while it works); each is then read
  // by a `useFetcher({ key })` of the panel's own, which keeps its answer after the group has gone.
  const working = useFetchers()
    .map((f) => f.key)
    .filter((key) => key.startsWith(GROUP_WRITE));
  const [keys, setKeys] = useState<string[]>([]);
  const unseen = working.filter((key) => !keys.includes(key));
  if (unseen.length > 0) setKeys([...keys, ...unseen]);
  return keys.map((key) => <GroupWriteAnswer key={key} fetcherKey={key} headingRef={headingRef} />);
}

function GroupWriteAnswer({
  fetcherKey,
  headingRef,
}: {
  fetcherKey: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const answer = useFetcher<GroupActionAnswer>({ key: fetcherKey }).data;
  useAnnounceOnce(answer, (said) => {
    if (said.ok) {
      toast.success(said.message);
      if (said.intent === "delete" || said.dissolved) requestAnimationFrame(() => headingRef.current?.focus());
    } else {
      toast.error(said.intent ? FAILED_TOAST[said.intent] : GROUP_MESSAGES.createFailed, {
        description: said.message,
      });
    }
  });
  return null;
}

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

function GroupItem({ group }: { group: GroupView }) {
  const [expanded, setExpanded] = useState(false);
  const fetcher = useFetcher<GroupActionAnswer>({ key: groupWriteKey(group.id) });
  const toggleRef = useRef<HTMLButtonElement>(null);
  const variantsId = useId();
  const busy = fetcher.state !== "idle";
  const pendingIntent = busy ? fetcher.formData?.get("intent") : null;
  const pendingProduct = busy ? fetcher.formData?.get("productId") : null;

  // The toast comes from the panel (GroupWriteAnnouncer), which stays mounted when this group goes with
  // the answer that removed it; here only focus, back on the group when it is still listed.
  const focused = useRef<GroupActionAnswer | undefined>(undefined);
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer?.ok || focused.current === answer) return;
    focused.current = answer;
    if (answer.intent === "remove-member" && !answer.dissolved) requestAnimationFrame(() => toggleRef.current?.focus());
  }, [fetcher.data]);

  const removeMember = (productId: string) =>
    void fetcher.submit(
      { intent: "remove-member", groupId: group.id, productId },
      { method: "post", action: GROUPS_ROUTE },
    );
  const deleteGroup = () => {
    const ok = window.confirm(
      `Delete the group "${group.name}"? Its ${countLabel(group.variants.length, "product")} stay in the catalogue, ungrouped.`,
    );
    if (ok) void fetcher.submit({ intent: "delete", groupId: group.id }, { method: "post", action: GROUPS_ROUTE });
  };

  return (
    <li className="rounded-2xl border border-line bg-white">
      <div className="flex flex-wrap items-start justify-between gap-3 p-4">
        <div className="min-w-0 flex-1">
          <button
            ref={toggleRef}
            type="button"
            aria-expanded={expanded}
            aria-controls={variantsId}
            onClick={() => setExpanded((v) => !v)}
            className="flex items-center gap-2 rounded-lg text-left"
          >
            <ChevronRight
              className={`size-5 shrink-0 transition-transform ${expanded ? "rotate-90" : ""}`}
              aria-hidden
            />
            <span className="font-semibold">{group.name}</span>
            <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-700">
              {countLabel(group.variants.length, "variant")}
            </span>
          </button>
          <p className="mt-1 pl-7 text-sm text-muted">{group.description}</p>
          <p className="mt-1 pl-7 text-xs text-muted">
            {group.baseProduct && <>Base product: {group.baseProduct.name} · </>}
            Created {dateFormat.format(new Date(group.createdAt))} · ID <span className="break-all">{group.id}</span>
          </p>
        </div>
        <button
          type="button"
          onClick={deleteGroup}
          disabled={busy}
          aria-label={`Delete group ${group.name}`}
          className="inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-60"
        >
          <Trash2 className="size-4" aria-hidden />
          {pendingIntent === "delete" ? "Deleting..." : "Delete group"}
        </button>
      </div>
      <ul
        id={variantsId}
        hidden={!expanded}
        aria-label={`Variants of ${group.name}`}
        className="divide-y divide-line border-t border-line"
      >
        {group.variants.map((variant) => (
          <li key={variant.id} className="flex items-center gap-3 px-4 py-3">
            <img
              src={variant.image}
              alt=""
              width={40}
              height={50}
              loading="lazy"
              className="h-12 w-10 shrink-0 rounded bg-stone-100 object-cover"
              onError={(event) => {
                if (!event.currentTarget.src.endsWith(FALLBACK_IMAGE)) event.currentTarget.src = FALLBACK_IMAGE;
              }}
            />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium">
                {variant.name}
                {variant.isBase && (
                  <span className="ml-2 rounded-full bg-stone-200 px-2 py-0.5 text-xs font-medium text-stone-700">
                    Base
                  </span>
                )}
                {!variant.isActive && (
                  <span className="ml-2 rounded-full bg-stone-200 px-2 py-0.5 text-xs font-medium text-stone-700">
                    Inactive
                  </span>
                )}
              </p>
              <p className="text-xs text-muted">SKU {variant.sku}</p>
            </div>
            <p className="text-sm tabular-nums">{formatCents(variant.priceCents)}</p>
            <button
              type="button"
              onClick={() => removeMember(variant.id)}
              disabled={busy}
              aria-label={`Remove ${variant.name} from group`}
              className="inline-flex items-center gap-1 rounded-full px-3 py-1.5 text-sm font-medium text-muted hover:bg-stone-100 hover:text-ink disabled:opacity-60"
            >
              <X className="size-4" aria-hidden />
              {pendingIntent === "remove-member" && pendingProduct === variant.id ? "Removing..." : "Remove"}
            </button>
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * 'Create New Group' (spec §2): name, optional description, and a checklist of ungrouped products.
 * The checklist shows the first matches of a search (the catalogue may hold thousands); the choice
 * is kept across searches and sent in the order it was made (the first product is the group's base).
 */
function CreateGroupForm({ onDone }: { onDone: () => void }) {
  const fetcher = useFetcher<GroupActionAnswer>();
  const checklist = useFetcher<GroupsAnswer>();
  const { load: loadChecklist } = checklist;
  const [q, setQ] = useState("");
  const [chosen, setChosen] = useState<UngroupedProduct[]>([]);
  const kit = useZodForm({
    schema: createGroupSchema,
    fields: CREATE_GROUP_FIELDS,
    lastResult: fetcher.data,
    autoFocus: "name",
  });
  const saving = fetcher.state !== "idle";
  const ids = useId();
  const listed = checklist.data?.ok ? checklist.data.ungrouped : undefined;

  useToastAnswer(fetcher.data, onDone);

  // The first matches of the search, a moment after typing stops (at once when the box is cleared).
  useEffect(() => {
    const timer = setTimeout(
      () => void loadChecklist(`${GROUPS_ROUTE}?${new URLSearchParams({ part: "ungrouped", q })}`),
      q ? 250 : 0,
    );
    return () => clearTimeout(timer);
  }, [loadChecklist, q]);

  const isChosen = (id: string) => chosen.some((p) => p.id === id);
  const toggle = (product: UngroupedProduct) =>
    setChosen((current) =>
      current.some((p) => p.id === product.id) ? current.filter((p) => p.id !== product.id) : [...current, product],
    );

  const productsError = kit.errors.productIds;
  return (
    <fetcher.Form
      method="post"
      action={GROUPS_ROUTE}
      id="create-group-form"
      {...kit.form}
      aria-labelledby={`${ids}-title`}
      className="flex flex-col gap-5 rounded-2xl border border-line bg-stone-50 p-5"
    >
      <h3 id={`${ids}-title`} className="text-base font-semibold">
        Create New Group
      </h3>
      <input type="hidden" name="intent" value="create" />
      <TextField
        {...kit.field("name")}
        label="Group name"
        required
        maxLength={GROUP_NAME_MAX}
        autoComplete="off"
        placeholder="e.g. Essential Hoodie colours"
      />
      <div>
        <FieldLabel htmlFor={`${ids}-description`} optional>
          Description
        </FieldLabel>
        <textarea
          id={`${ids}-description`}
          name="description"
          rows={2}
          maxLength={GROUP_DESCRIPTION_MAX}
          aria-invalid={kit.errors.description ? true : undefined}
          aria-describedby={kit.errors.description ? `${ids}-description-error` : undefined}
          className={`${inputClass(Boolean(kit.errors.description))} h-auto py-2.5`}
        />
        <FieldError id={`${ids}-description`} error={kit.errors.description} />
      </div>

      {/* The choice, in the order made. Listed first, so it is the value the form's check and the action read. */}
      <input type="hidden" name="productIds" value={joinProductIds(chosen.map((p) => p.id))} />
      <fieldset
        aria-describedby={`${ids}-count${productsError ? ` ${ids}-products-error` : ""}`}
        className="flex flex-col gap-3"
      >
        <legend className="mb-1.5 text-sm font-medium text-ink">
          Products <span className="font-normal text-muted">(ungrouped, at least 2)</span>
        </legend>
        <p id={`${ids}-count`} aria-live="polite" className="text-sm font-medium">
          {chosen.length} selected
        </p>
        {chosen.length > 0 && (
          <ul aria-label="Selected products" className="flex flex-wrap gap-2">
            {chosen.map((product, index) => (
              <li
                key={product.id}
                className="flex items-center gap-1 rounded-full border border-line bg-white py-1 pl-3 pr-1 text-sm"
              >
                {product.name}
                {index === 0 && <span className="text-xs text-muted">(base)</span>}
                <button
                  type="button"
                  aria-label={`Unselect ${product.name}`}
                  onClick={() => toggle(product)}
                  className="rounded-full p-1 hover:bg-stone-100"
                >
                  <X className="size-3.5" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="relative">
          <label htmlFor={`${ids}-search`} className="sr-only">
            Search ungrouped products
          </label>
          <Search className="absolute left-3 top-3 size-5 text-stone-400" aria-hidden />
          <input
            id={`${ids}-search`}
            type="search"
            value={q}
            onChange={(event) => setQ(event.target.value)}
            onKeyDown={(event) => {
              // Enter searches; it must not submit the group.
              if (event.key === "Enter") event.preventDefault();
            }}
            maxLength={100}
            placeholder="Search ungrouped products by name or SKU"
            className={`${inputClass(false)} pl-10`}
          />
        </div>
        {listed && (
          <p className="text-xs text-muted" aria-live="polite">
            {listed.total === 0
              ? "No ungrouped products match."
              : listed.total > listed.products.length
                ? `Showing ${listed.products.length} of ${listed.total} ungrouped products. Search to find others.`
                : `${countLabel(listed.total, "ungrouped product")}`}
          </p>
        )}
        <ul className="max-h-72 divide-y divide-line overflow-y-auto rounded-xl border border-line bg-white">
          {listed?.products.map((product) => {
            const boxId = `${ids}-product-${product.id}`;
            return (
              <li key={product.id} className="flex items-center gap-3 px-3 py-2">
                {/* Named like the hidden list (after it), so ticking clears the list's message. */}
                <input
                  id={boxId}
                  type="checkbox"
                  name="productIds"
                  value={product.id}
                  checked={isChosen(product.id)}
                  onChange={() => toggle(product)}
                  className="size-4 shrink-0 accent-ink"
                />
                <label htmlFor={boxId} className="flex min-w-0 flex-1 cursor-pointer items-center gap-3">
                  <img
                    src={product.image}
                    alt=""
                    width={32}
                    height={40}
                    loading="lazy"
                    className="h-10 w-8 shrink-0 rounded bg-stone-100 object-cover"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium">{product.name}</span>
                    <span className="block text-xs text-muted">
                      SKU {product.sku}
                      {!product.isActive && " · Inactive"}
                    </span>
                  </span>
                  <span className="text-sm tabular-nums">{formatCents(product.priceCents)}</span>
                </label>
              </li>
            );
          })}
        </ul>
        <FieldError id={`${ids}-products`} error={productsError} />
      </fieldset>

      <div className="flex justify-end gap-3">
        <button type="button" className={secondaryButton} onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className={primaryButton} disabled={saving} aria-busy={saving}>
          {saving ? "Creating..." : "Create Group"}
        </button>
      </div>
    </fetcher.Form>
  );
}
