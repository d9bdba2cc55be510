import routeConfig from "~/routes";

type RouteEntry = { file: string; children?: RouteEntry[] };
const flatten = (entries: readonly RouteEntry[]): string[] =>
  entries.flatMap((entry) => [entry.file, ...flatten(entry.children ?? [])]);

/**
 * The back office's route files as the route table names them (`routes/admin.….tsx`): /admin, /secure-admin
 * and the notification API. Tests that must cover every one of them (the authorisation matrix, the audit
 * trail's write paths) read them here, so a route added later fails them until it has its row.
 */
export function backOfficeRouteFiles(): string[] {
  return flatten(routeConfig as RouteEntry[]).filter(
    (file) => /^routes\/(admin|secure-admin)[.]/.test(file) || /^routes\/api\.notifications/.test(file),
  );
}
