import { describe, expect, it } from "vitest";
import { workInFlight } from "../../server/work-in-flight";

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("workInFlight", () => {
  it("waits for every tracked handler, failed ones included, and forgets each once it has settled", async () => {
    const work = workInFlight();
    const a = deferred();
    const b = deferred();
    work.track(a.promise);
    work.track(b.promise).catch(() => undefined);
    expect(work.size).toBe(2);

    let settled = false;
    const waiting = work.settled(10_000).then(() => (settled = true));
    a.resolve();
    await a.promise;
    await Promise.resolve();
    expect(settled).toBe(false);
    expect(work.size).toBe(1);
    b.reject(new Error("the database went away"));
    await waiting;
    expect(settled).toBe(true);
    expect(work.size).toBe(0);
  });

  it("stops waiting after the timeout, leaving what still runs counted", async () => {
    const work = workInFlight();
    work.track(new Promise(() => undefined));
    await work.settled(20);
    expect(work.size).toBe(1);
  });

  it("answers at once when nothing runs", async () => {
    await expect(workInFlight().settled(60_000)).resolves.toBeUndefined();
  });
});
