import { AlertCircle, CheckCircle2, ImagePlus } from "lucide-react";
import { useId, useState, type DragEvent } from "react";
import { IMAGE_UPLOAD_PATH } from "~/lib/http/body-limits";
import {
  ACCEPTED_IMAGE_TYPES,
  checkBeforeUpload,
  MAX_UPLOAD_FILE_BYTES,
  UPLOAD_FIELD,
  type UploadAnswer,
} from "~/modules/media/upload-rules";

/** Where photos go from /admin/products; the console posts to its own (`/secure-admin/products/images`). */
export const ADMIN_UPLOAD_URL = IMAGE_UPLOAD_PATH;
const NETWORK_ERROR = "Network error. Please check your connection.";
const FAILED = "Upload failed. Please try again.";

interface Entry {
  id: string;
  name: string;
  state: "waiting" | "uploading" | "done" | "error";
  /** 0–100 while uploading. */
  progress: number;
  message?: string;
}

/** One file in its own request: the answer names exactly that file, and one bad file stops no other. */
export function sendFile(
  url: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<{ url?: string; error?: string }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const answer = xhr.response as UploadAnswer | null;
      if (answer && "images" in answer && answer.images[0]) return resolve({ url: answer.images[0].url });
      if (answer && "error" in answer) return resolve({ error: answer.errors?.[0]?.message ?? answer.error });
      resolve({ error: FAILED });
    };
    xhr.onerror = () => resolve({ error: NETWORK_ERROR });
    const form = new FormData();
    form.append(UPLOAD_FIELD, file, file.name);
    xhr.send(form);
  });
}

/**
 * The owner's photo upload: drop photos on the zone or choose them with the file picker (the zone is
 * the picker's label; the picker is a real file input, so it takes keyboard focus and opens with Enter
 * or Space). Each file goes in its own request, one after the other, with its progress; refusals are
 * shown per file in an alert. `onUploaded` gets the URLs of the photos that were stored, in order.
 */
export function ImageUploader({
  onUploaded,
  uploadUrl = ADMIN_UPLOAD_URL,
}: {
  onUploaded: (urls: string[]) => void;
  uploadUrl?: string;
}) {
  const inputId = useId();
  const nameId = `${inputId}-name`;
  const hintId = `${inputId}-hint`;
  const [entries, setEntries] = useState<Entry[]>([]);
  const [dragging, setDragging] = useState(false);
  const busy = entries.some((e) => e.state === "waiting" || e.state === "uploading");
  const update = (id: string, change: Partial<Entry>) =>
    setEntries((list) => list.map((e) => (e.id === id ? { ...e, ...change } : e)));

  async function upload(files: File[]) {
    if (files.length === 0 || busy) return;
    const batch = files.map((file, i) => ({ file, id: `${Date.now()}-${i}`, early: checkBeforeUpload(file) }));
    setEntries(
      batch.map(({ file, id, early }) => ({
        id,
        name: file.name,
        state: early ? "error" : "waiting",
        progress: 0,
        ...(early ? { message: early } : {}),
      })),
    );
    const urls: string[] = [];
    for (const { file, id, early } of batch) {
      if (early) continue;
      update(id, { state: "uploading" });
      const result = await sendFile(uploadUrl, file, (progress) => update(id, { progress }));
      if (result.url) {
        urls.push(result.url);
        update(id, { state: "done", progress: 100 });
      } else {
        update(id, { state: "error", message: result.error });
      }
    }
    if (urls.length > 0) onUploaded(urls);
  }

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    void upload(Array.from(event.dataTransfer.files));
  }

  const errors = entries.filter((e) => e.state === "error");
  const uploading = entries.filter((e) => e.state === "waiting" || e.state === "uploading").length;
  const done = entries.filter((e) => e.state === "done").length;
  const status = uploading
    ? `Uploading ${uploading} ${uploading === 1 ? "image" : "images"}...`
    : done
      ? `${done} ${done === 1 ? "image" : "images"} uploaded.`
      : "";

  return (
    <div>
      <input
        id={inputId}
        type="file"
        multiple
        accept={ACCEPTED_IMAGE_TYPES}
        aria-labelledby={nameId}
        aria-describedby={hintId}
        disabled={busy}
        className="peer sr-only"
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          event.currentTarget.value = "";
          void upload(files);
        }}
      />
      <label
        htmlFor={inputId}
        data-testid="image-drop-zone"
        onDragEnter={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => event.preventDefault()}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex cursor-pointer flex-col items-center gap-2 rounded-2xl border-2 border-dashed px-6 py-8 text-center transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand peer-disabled:cursor-wait ${
          dragging ? "border-brand bg-orange-50" : "border-line bg-white hover:border-stone-400"
        }`}
      >
        <ImagePlus className="size-8 text-muted" aria-hidden />
        <span id={nameId} className="text-sm font-medium">
          Drop photos here or <span className="text-brand underline underline-offset-2">choose images</span>
        </span>
        <span id={hintId} className="text-xs text-muted">
          JPEG, PNG or WebP, up to {MAX_UPLOAD_FILE_BYTES / (1024 * 1024)} MB each.
        </span>
      </label>

      <p role="status" aria-live="polite" className="mt-3 text-sm text-muted">
        {status}
      </p>
      {entries.length > 0 && (
        <ul className="mt-2 space-y-2 text-sm" aria-label="Files">
          {entries.map((e) => (
            <li key={e.id} className="flex items-center gap-3">
              <span className="min-w-0 flex-1 truncate">{e.name}</span>
              {e.state === "uploading" || e.state === "waiting" ? (
                <progress
                  max={100}
                  value={e.progress}
                  aria-label={`Uploading ${e.name}`}
                  className="h-2 w-32 accent-brand"
                />
              ) : e.state === "done" ? (
                <CheckCircle2 className="size-4 text-green-700" aria-label="Uploaded" />
              ) : (
                <AlertCircle className="size-4 text-red-700" aria-label="Refused" />
              )}
            </li>
          ))}
        </ul>
      )}
      <div role="alert" className="mt-2 empty:hidden">
        {errors.length > 0 && (
          <ul className="space-y-1 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            {errors.map((e) => (
              <li key={e.id}>
                <span className="font-medium">{e.name}</span>: {e.message}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
