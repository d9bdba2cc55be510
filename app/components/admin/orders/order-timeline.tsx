import { useId } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { useShop } from "~/components/use-root-data";
import { formatDateTimeIn } from "~/lib/dates";
import { ORDER_NOTE_MAX } from "#db/schema/order-notes";
import { NOTE_INTENT, type TimelineEntry } from "~/modules/orders/order-timeline";

const KIND_LABELS: Record<TimelineEntry["kind"], string> = {
  status: "Status",
  notification: "Message",
  refund: "Refund",
  return: "Return",
  note: "Note",
  draft: "Draft",
};

interface NoteAnswer {
  intent: string | null;
  ok: boolean;
  message: string;
  errors: Partial<Record<string, string>>;
  body?: string;
}

/**
 * The order's timeline, newest first, with the internal-note form on top: a plain form post (it works
 * without JavaScript); a refused note comes back with its message and the text as typed.
 */
export function OrderTimeline({ orderNumber, entries }: { orderNumber: string; entries: TimelineEntry[] }) {
  const { timeZone } = useShop();
  const posted = useActionData() as NoteAnswer | undefined;
  const answer = posted?.intent === NOTE_INTENT ? posted : undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === NOTE_INTENT;
  const fieldId = useId();
  const error = answer && !answer.ok ? (answer.errors.body ?? answer.message) : null;
  return (
    <section aria-labelledby="timeline-heading" className="rounded-2xl border border-line bg-white p-5">
      <h2 id="timeline-heading" className="font-display text-lg font-semibold">
        Timeline
      </h2>
      <Form
        method="post"
        action={`/admin/orders/${encodeURIComponent(orderNumber)}`}
        className="mt-3 flex flex-col gap-2"
      >
        <input type="hidden" name="intent" value={NOTE_INTENT} />
        <label htmlFor={fieldId} className="text-sm font-medium">
          Internal note <span className="font-normal text-muted">(staff only, never shown to the customer)</span>
        </label>
        <textarea
          // A fresh field after a note is added; the typed text back after a refusal.
          key={answer?.ok ? `added-${entries.length}` : "note"}
          id={fieldId}
          name="body"
          rows={3}
          maxLength={ORDER_NOTE_MAX}
          defaultValue={answer && !answer.ok ? (answer.body ?? "") : ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          className="rounded-lg border border-line p-2 text-sm"
          data-testid="note-body"
        />
        {error && (
          <p id={`${fieldId}-error`} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <button
          type="submit"
          disabled={busy}
          className="self-start rounded-full bg-ink px-4 py-2 text-sm font-semibold text-white disabled:opacity-60"
        >
          Add note
        </button>
      </Form>
      {entries.length === 0 ? (
        <p className="mt-4 text-sm text-muted">Nothing recorded yet.</p>
      ) : (
        <ol className="mt-4 flex flex-col gap-3 border-l border-line pl-4" aria-label="Timeline, newest first">
          {entries.map((entry) => (
            <li key={entry.key} data-testid="timeline-entry" data-kind={entry.kind} className="text-sm">
              <p>
                <span className="mr-2 rounded bg-stone-100 px-1.5 py-0.5 text-xs font-medium">
                  {KIND_LABELS[entry.kind]}
                </span>
                <span className="font-medium">{entry.text}</span>
              </p>
              {entry.detail && <p className="mt-1 whitespace-pre-wrap break-words">{entry.detail}</p>}
              <p className="mt-1 text-xs text-muted">
                <time dateTime={entry.at}>{formatDateTimeIn(entry.at, timeZone)}</time>
                {entry.actor ? ` · ${entry.actor}` : ""}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
