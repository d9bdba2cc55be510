import { createContext, useContext, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { FormMessage, primaryButton } from "~/components/ui/field";
import { useAnnounceOnce } from "~/components/ui/use-announce-once";
import { SECTION_NAMES, type SettingsSection } from "~/modules/settings/settings-schema";
import type { SettingsAnswer } from "./settings-answer";

const ErrorsContext = createContext<Partial<Record<string, string>>>({});

/** The message the last save of this section's form gave a field (by its path, `rates.standard`). */
export function useFieldError(path: string): string | undefined {
  return useContext(ErrorsContext)[path];
}

/**
 * One section of the settings as its own form: posted with the version it was opened with, answered
 * with a toast, and with each refusal beside its field. A save that went through reloads the page's
 * data; the form is keyed by the version, so it then shows what was stored.
 */
export function SectionForm({
  section,
  version,
  description,
  children,
}: {
  section: SettingsSection;
  version: number;
  description: string;
  children: ReactNode;
}) {
  const fetcher = useFetcher<SettingsAnswer>({ key: `settings-${section}` });
  const answer = fetcher.data?.section === section ? fetcher.data : undefined;
  const busy = fetcher.state !== "idle";
  useAnnounceOnce(answer, (a) => (a.ok ? toast.success(a.message) : toast.error(a.message)));
  const errors = answer && !answer.ok ? answer.errors : {};
  const headingId = `settings-${section}-heading`;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-line bg-white p-5 sm:p-6">
      <h2 id={headingId} className="font-display text-2xl font-semibold">
        {SECTION_NAMES[section]}
      </h2>
      <p className="mt-1 text-sm text-muted">{description}</p>
      <fetcher.Form method="post" className="mt-6 flex flex-col gap-5" noValidate>
        <input type="hidden" name="section" value={section} />
        <input type="hidden" name="version" value={version} />
        {answer && !answer.ok && <FormMessage kind="error">{answer.message}</FormMessage>}
        <ErrorsContext.Provider value={errors}>{children}</ErrorsContext.Provider>
        <div className="flex justify-end border-t border-line pt-5">
          <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy}>
            {busy ? "Saving…" : `Save ${SECTION_NAMES[section].toLowerCase()}`}
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}
