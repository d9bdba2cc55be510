import type { Services } from "./services.server";

/**
 * Where the running services are kept: on globalThis, so the development server's module reloads reuse
 * the open database. A module of its own, without the services' code, so the server's entry can hand
 * `services()` to tests without loading the shop into a cluster's primary (server/app.ts).
 */
const holder = globalThis as unknown as { __abundanceServices?: Services };

export function services(): Services {
  const current = holder.__abundanceServices;
  if (!current) throw new Error("Services are not started: call startServices() first");
  return current;
}

/** Keeps `next` as the running services (undefined: none); answers those it replaces. */
export function holdServices(next: Services | undefined): Services | undefined {
  const previous = holder.__abundanceServices;
  holder.__abundanceServices = next;
  return previous;
}
