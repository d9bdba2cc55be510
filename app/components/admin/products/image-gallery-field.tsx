import { ArrowDown, ArrowUp, ImageOff, Plus, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { describedBy, FieldError, inputClass } from "~/components/ui/field";
import { FALLBACK_IMAGE } from "~/modules/catalog/product-rules";
import { addImage, isAcceptedImage, PRODUCT_LIMITS, PRODUCT_MESSAGES } from "~/modules/product-admin/product-form";
import { ImageUploader } from "./image-uploader";

interface ImageGalleryFieldProps {
  value: string[];
  onChange: (images: string[]) => void;
  /** The URL input's id and form name (the editor's messages and focus find it by them). */
  id?: string;
  name?: string;
  /** The form's message for the images, if any. */
  error?: string;
  /** Where the uploader posts photos (the route's own pass decides who may). */
  uploadUrl?: string;
}

type Move = "up" | "down" | "remove";

/**
 * A product's images (spec §2 "Primary Image URL with preview", §5 image URLs trimmed and duplicates
 * ignored): add an address, remove one, reorder with Move up / Move down; the first is the Main image
 * and shown larger. A controlled component — the images are the caller's — so an upload button can sit
 * beside the address field later.
 */
export function ImageGalleryField({
  value,
  onChange,
  id = "product-image-url",
  name = "images",
  error,
  uploadUrl,
}: ImageGalleryFieldProps) {
  const [draft, setDraft] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const input = useRef<HTMLInputElement>(null);
  /** Where focus goes once the reordered list is on screen. */
  const refocus = useRef<{ index: number; move: Move } | null>(null);

  // After a move, focus follows the image (on its other move button when it reached an end); after a
  // removal it goes to the next image's Remove, or back to the address field.
  useEffect(() => {
    if (!refocus.current) return;
    const { index, move } = refocus.current;
    refocus.current = null;
    const wanted = buttons.current.get(`${move}-${index}`);
    const fallback =
      move === "remove"
        ? buttons.current.get(`remove-${index - 1}`)
        : buttons.current.get(`${move === "up" ? "down" : "up"}-${index}`);
    (wanted && !wanted.disabled ? wanted : (fallback ?? input.current))?.focus();
  }, [value]);

  const keep = (key: string) => (el: HTMLButtonElement | null) =>
    void (el ? buttons.current.set(key, el) : buttons.current.delete(key));

  function add() {
    const url = draft.trim();
    if (url === "") return;
    if (!isAcceptedImage(url)) return setProblem(PRODUCT_MESSAGES.images);
    if (!value.includes(url) && value.length >= PRODUCT_LIMITS.images)
      return setProblem(PRODUCT_MESSAGES.imagesTooMany);
    onChange(addImage(value, url));
    setDraft("");
    setProblem(null);
  }

  function move(index: number, direction: Move) {
    const to = direction === "up" ? index - 1 : index + 1;
    if (to < 0 || to >= value.length) return;
    const next = [...value];
    [next[index], next[to]] = [next[to]!, next[index]!];
    onChange(next);
    refocus.current = { index: to, move: direction };
  }

  const message = problem ?? error;
  const main = value[0];

  return (
    // min-w-0: a fieldset is otherwise as wide as its widest content, which pushed the editor past a phone's edge.
    <fieldset className="min-w-0">
      <legend className="mb-1.5 text-sm font-medium text-ink">Images</legend>
      <p className="mb-3 text-xs text-muted">
        The first image is the main image (the Primary Image URL). Upload photos, or add addresses that start with
        https://.
      </p>
      <div className="mb-4">
        <ImageUploader
          uploadUrl={uploadUrl}
          onUploaded={(urls) => {
            const next = urls.reduce(addImage, value);
            if (next.length > PRODUCT_LIMITS.images) setProblem(PRODUCT_MESSAGES.imagesTooMany);
            onChange(next.slice(0, PRODUCT_LIMITS.images));
          }}
        />
      </div>
      <div className="flex gap-4">
        <div className="h-36 w-28 shrink-0 overflow-hidden rounded-xl border border-line bg-stone-100">
          {main ? (
            <img
              src={main}
              alt="Main image preview"
              className="h-full w-full object-cover"
              onError={(event) => {
                if (!event.currentTarget.src.endsWith(FALLBACK_IMAGE)) event.currentTarget.src = FALLBACK_IMAGE;
              }}
            />
          ) : (
            <div className="flex h-full w-full items-center justify-center text-muted">
              <ImageOff className="size-6" aria-hidden />
              <span className="sr-only">No image yet</span>
            </div>
          )}
        </div>
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink">
            Image URL
          </label>
          <div className="flex gap-2">
            <input
              ref={input}
              id={id}
              name={name}
              type="url"
              inputMode="url"
              value={draft}
              maxLength={PRODUCT_LIMITS.imageUrl}
              placeholder="https://…"
              autoComplete="off"
              onChange={(event) => {
                setDraft(event.target.value);
                setProblem(null);
              }}
              onKeyDown={(event) => {
                if (event.key === "Enter") {
                  event.preventDefault();
                  add();
                }
              }}
              {...describedBy(id, message ?? undefined)}
              className={`${inputClass(Boolean(message))} min-w-0`}
            />
            <button
              type="button"
              onClick={add}
              aria-label="Add image"
              className="inline-flex h-11 shrink-0 items-center gap-1 rounded-xl border border-line px-3 text-sm font-medium hover:bg-stone-50"
            >
              <Plus className="size-4" aria-hidden />
              Add
            </button>
          </div>
          <FieldError id={id} error={message ?? undefined} />
        </div>
      </div>
      {value.length > 0 && (
        <ol aria-label="Product images" className="mt-4 space-y-2">
          {value.map((url, index) => (
            <li key={url} className="flex items-center gap-3 rounded-xl border border-line p-2">
              <img
                src={url}
                alt=""
                className="h-12 w-10 shrink-0 rounded bg-stone-100 object-cover"
                onError={(event) => {
                  if (!event.currentTarget.src.endsWith(FALLBACK_IMAGE)) event.currentTarget.src = FALLBACK_IMAGE;
                }}
              />
              <div className="min-w-0 flex-1">
                <p className="text-xs font-medium text-muted">
                  Image {index + 1}
                  {index === 0 && (
                    <span className="ml-2 rounded-full bg-ink px-2 py-0.5 text-[11px] font-semibold text-white">
                      Main
                    </span>
                  )}
                </p>
                <p className="truncate text-sm" title={url}>
                  {url}
                </p>
              </div>
              <button
                type="button"
                ref={keep(`up-${index}`)}
                onClick={() => move(index, "up")}
                disabled={index === 0}
                aria-label={`Move image ${index + 1} up`}
                className="rounded-lg p-2 text-muted hover:bg-stone-100 hover:text-ink disabled:opacity-30"
              >
                <ArrowUp className="size-4" aria-hidden />
              </button>
              <button
                type="button"
                ref={keep(`down-${index}`)}
                onClick={() => move(index, "down")}
                disabled={index === value.length - 1}
                aria-label={`Move image ${index + 1} down`}
                className="rounded-lg p-2 text-muted hover:bg-stone-100 hover:text-ink disabled:opacity-30"
              >
                <ArrowDown className="size-4" aria-hidden />
              </button>
              <button
                type="button"
                ref={keep(`remove-${index}`)}
                onClick={() => {
                  onChange(value.filter((item) => item !== url));
                  refocus.current = { index, move: "remove" };
                }}
                aria-label={`Remove image ${index + 1}`}
                className="rounded-lg p-2 text-muted hover:bg-red-50 hover:text-red-700"
              >
                <Trash2 className="size-4" aria-hidden />
              </button>
            </li>
          ))}
        </ol>
      )}
    </fieldset>
  );
}
