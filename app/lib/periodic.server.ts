import { log } from "./log.server";
/**
 * Runs `task` every `intervalMs`, one run at a time (a tick that finds the last run still going is
 * skipped), on a timer that does not keep the process alive. A failed run is logged (a warning),
 * prefixed by `failure` ("[orders] cancelling abandoned orders failed:"), and the next tick runs again.
 * The returned function stops the timer and waits for a run under way.
 */
export function runPeriodically(
  intervalMs: number,
  task: () => Promise<unknown>,
  failure: string,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = task()
      .then(
        () => undefined,
        (error: unknown) => {
          log.warn({ err: error }, failure);
        },
      )
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
