import { useCallback, useEffect, useRef, useState } from "react";

/**
 * A control's value that also lives in the URL, shown at once when the shopper changes it (before
 * the navigation lands). It follows the URL when the URL changes from elsewhere (Back, the header
 * search, Clear All), but not when the change is the echo of what this control sent itself — so a
 * search that lands while the shopper keeps typing never overwrites their newer text.
 */
export function useUrlState<T>(urlValue: T) {
  const [value, setValue] = useState(urlValue);
  const sent = useRef(urlValue);
  useEffect(() => {
    if (Object.is(urlValue, sent.current)) return;
    sent.current = urlValue;
    setValue(urlValue);
  }, [urlValue]);
  const markSent = useCallback((next: T) => {
    sent.current = next;
  }, []);
  return [value, setValue, markSent] as const;
}

/** Calls the latest `fn` once, `ms` after the last `run`; `cancel` drops a pending call. */
export function useDebounced<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  const latest = useRef(fn);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    latest.current = fn;
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  const run = useCallback(
    (...args: A) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => latest.current(...args), ms);
    },
    [ms],
  );
  const cancel = useCallback(() => clearTimeout(timer.current), []);
  return { run, cancel };
}
