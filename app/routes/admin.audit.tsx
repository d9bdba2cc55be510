import { data, Form, Link } from "react-router";
import { BackOfficeErrorBoundary } from "~/components/back-office/back-office-error";
import { useShop } from "~/components/use-root-data";
import { formatDateTimeIn } from "~/lib/dates";
import { pageLoader } from "~/lib/http/error-answer.server";
import {
  AUDIT_OBJECT_LABELS,
  AUDIT_OBJECT_TYPES,
  auditActionText,
  auditSearchParams,
  auditValueText,
  parseAuditQuery,
  SHARED_PASSWORD_ACTOR,
} from "~/modules/audit/audit-query";
import { auditPeople, listAudit, type AuditRow } from "~/modules/audit/audit.server";
import { services } from "~/services.server";
import type { Route } from "./+types/admin.audit";

export function meta() {
  return [{ title: "Audit log | Admin | Abundance Collection" }, { name: "robots", content: "noindex" }];
}

const noStore = { "Cache-Control": "private, no-store" };

/**
 * `/admin/audit?actor=&type=&object=&from=&to=&before=` (issue 32): every back-office write, newest first,
 * searched by person, object and date, 50 a page (keyset pages). Read only: nothing here, nor anywhere
 * in the app, edits or deletes an entry. Owner and manager ('audit').
 */
async function load({ request, url }: Route.LoaderArgs) {
  await services().backOffice.require(request, "audit");
  const query = parseAuditQuery(url.searchParams);
  const { db } = services().database;
  const { store } = await services().settings.read();
  const [page, people] = await Promise.all([listAudit(db, query, { timeZone: store.timeZone }), auditPeople(db)]);
  return data({ page, people, query }, { headers: noStore });
}
export const loader = pageLoader(load);

export const ErrorBoundary = BackOfficeErrorBoundary;

function Who({ row }: { row: AuditRow }) {
  if (row.actorKind === "shared-password")
    return (
      <span>
        Shared password
        <span className="block text-xs text-muted">
          {`session ${(row.actorSession ?? "").slice(0, 8)} · ${row.actorEmail}`}
        </span>
      </span>
    );
  return (
    <span>
      {row.actorName || row.actorEmail}
      <span className="block text-xs text-muted">{row.actorEmail}</span>
    </span>
  );
}

function Changes({ changes }: { changes: AuditRow["changes"] }) {
  const fields = Object.entries(changes);
  if (fields.length === 0) return null;
  return (
    <ul className="mt-1 space-y-0.5 text-xs">
      {fields.map(([field, [before, after]]) => (
        <li key={field} data-testid="audit-change">
          <span className="font-medium">{field}</span>: <span>{auditValueText(before)}</span>
          <span aria-label="changed to"> → </span>
          <span>{auditValueText(after)}</span>
        </li>
      ))}
    </ul>
  );
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { page, people, query } = loaderData;
  const { timeZone } = useShop();
  const filters = { ...query, before: null };
  const firstPage = `?${auditSearchParams(filters)}`;
  const nextPage = page.next ? `?${auditSearchParams({ ...filters, before: page.next })}` : null;
  return (
    <div className="container-page py-10">
      <section aria-labelledby="audit-heading">
        <h1 id="audit-heading" className="mb-4 font-display text-4xl font-semibold">
          Audit log
        </h1>
        <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" role="search" aria-label="Search the log">
          <label className="flex flex-col text-sm">
            Person
            <select name="actor" defaultValue={query.actor} className="rounded border px-2 py-1">
              <option value="">Everyone</option>
              <option value={SHARED_PASSWORD_ACTOR}>Shared password</option>
              {people.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.name ? `${person.name} (${person.email})` : person.email}
                </option>
              ))}
              {query.actor && query.actor !== SHARED_PASSWORD_ACTOR && !people.some((p) => p.id === query.actor) ? (
                <option value={query.actor}>{query.actor}</option>
              ) : null}
            </select>
          </label>
          <label className="flex flex-col text-sm">
            Object
            <select name="type" defaultValue={query.type} className="rounded border px-2 py-1">
              <option value="">Any kind</option>
              {AUDIT_OBJECT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {AUDIT_OBJECT_LABELS[type]}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col text-sm">
            Name or id
            <input
              type="search"
              name="object"
              defaultValue={query.object}
              placeholder="Wrap Midi Dress, ORD-1001"
              className="rounded border px-2 py-1"
            />
          </label>
          <label className="flex flex-col text-sm">
            From
            <input type="date" name="from" defaultValue={query.from} className="rounded border px-2 py-1" />
          </label>
          <label className="flex flex-col text-sm">
            To
            <input type="date" name="to" defaultValue={query.to} className="rounded border px-2 py-1" />
          </label>
          <button type="submit" className="rounded border px-3 py-1">
            Search
          </button>
        </Form>
        <table className="w-full text-sm">
          <caption className="sr-only">Audit log entries, newest first</caption>
          <thead>
            <tr className="text-left">
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
            </tr>
          </thead>
          <tbody>
            {page.rows.map((row) => (
              <tr key={row.id} data-testid="audit-row" className="border-t align-top">
                <td className="py-2 pr-3 whitespace-nowrap">
                  <time dateTime={row.at}>{formatDateTimeIn(row.at, timeZone)}</time>
                </td>
                <td className="py-2 pr-3">
                  <Who row={row} />
                </td>
                <td className="py-2">
                  <span className="font-medium">{auditActionText(row.action, row.objectType)}</span>{" "}
                  <span>
                    {row.objectName || row.objectId}
                    {row.objectName ? <span className="text-xs text-muted"> ({row.objectId})</span> : null}
                  </span>
                  <Changes changes={row.changes} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {page.rows.length === 0 ? <p className="mt-4 text-sm text-muted">No entry matches.</p> : null}
        <nav aria-label="Pages" className="mt-4 flex gap-3 text-sm">
          {query.before ? (
            <Link to={firstPage} className="inline-flex min-h-6 items-center underline">
              Newest
            </Link>
          ) : null}
          {nextPage ? (
            <Link to={nextPage} className="inline-flex min-h-6 items-center underline">
              Older
            </Link>
          ) : null}
        </nav>
      </section>
    </div>
  );
}
