import { useId, useState, type ComponentProps } from "react";
import { CheckboxField, FieldError, SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { ADMIN_UPLOAD_URL, sendFile } from "~/components/admin/products/image-uploader";
import { ACCEPTED_IMAGE_TYPES } from "~/modules/media/upload-rules";
import { useFieldError } from "./section-form";

/** Settings fields: the shop's form controls, named by their path and showing the save's error for it. */

export function SettingText(props: Omit<ComponentProps<typeof TextField>, "error" | "name"> & { name: string }) {
  return <TextField {...props} error={useFieldError(props.name)} />;
}

export function SettingTextArea(
  props: Omit<ComponentProps<typeof TextAreaField>, "error" | "name"> & { name: string },
) {
  return <TextAreaField {...props} error={useFieldError(props.name)} />;
}

export function SettingSelect(props: Omit<ComponentProps<typeof SelectField>, "error" | "name"> & { name: string }) {
  return <SelectField {...props} error={useFieldError(props.name)} />;
}

export function SettingCheckbox(
  props: Omit<ComponentProps<typeof CheckboxField>, "error" | "name"> & { name: string },
) {
  return <CheckboxField {...props} error={useFieldError(props.name)} />;
}

/**
 * An image of the shop (logo, hero): the current one, and a file picker that sends a new one through
 * the photo pipeline (resized, stored, given a /media/ address) and puts its address in the form.
 */
export function SettingImage({
  name,
  label,
  value,
  removable = false,
}: {
  name: string;
  label: string;
  value: string | null;
  removable?: boolean;
}) {
  const id = useId();
  const [url, setUrl] = useState(value ?? "");
  const [state, setState] = useState<{ busy: boolean; error?: string }>({ busy: false });
  const savedError = useFieldError(name);
  const error = state.error ?? savedError;

  async function upload(file: File | undefined) {
    if (!file) return;
    setState({ busy: true });
    // The product photos' upload: the same pipeline, answers and messages.
    const sent = await sendFile(ADMIN_UPLOAD_URL, file, () => {});
    if (sent.url) setUrl(sent.url);
    setState({ busy: false, error: sent.error });
  }

  return (
    <fieldset className="min-w-0">
      <legend className="mb-1.5 block text-sm font-medium text-ink">{label}</legend>
      <input type="hidden" name={name} value={url} />
      <div className="flex flex-wrap items-center gap-4">
        {url ? (
          <img
            src={url}
            alt={`${label} (current)`}
            className="h-16 w-auto max-w-48 rounded-lg border border-line object-contain"
          />
        ) : (
          <p className="text-sm text-muted">None: the store name is shown.</p>
        )}
        <label htmlFor={id} className="cursor-pointer text-sm font-medium text-brand underline underline-offset-2">
          {state.busy ? "Uploading…" : url ? `Replace ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
        </label>
        <input
          id={id}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES}
          className="sr-only"
          disabled={state.busy}
          onChange={(event) => void upload(event.currentTarget.files?.[0])}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {removable && url && (
          <button type="button" className="text-sm font-medium text-muted underline" onClick={() => setUrl("")}>
            Remove {label.toLowerCase()}
          </button>
        )}
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
