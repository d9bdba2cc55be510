import { useEffect } from "react";

/** The answers already announced, by identity: a form's or fetcher's answer object is announced once. */
const announced = new WeakSet<object>();

/**
 * Runs `announce` (a toast, say) once for each answer object. A component that remounts with the same
 * answer — a keyed fetcher keeps its data, and a page that keys a section by the order's status
 * remounts it right after the move it announces — does not say it again.
 */
export function useAnnounceOnce<T extends object>(answer: T | null | undefined, announce: (answer: T) => void): void {
  useEffect(() => {
    if (!answer || announced.has(answer)) return;
    announced.add(answer);
    announce(answer);
    // `announce` is the render's own closure: the answer alone decides whether there is news.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);
}
