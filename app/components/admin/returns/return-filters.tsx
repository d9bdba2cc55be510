import { Search } from "lucide-react";
import type { FormEvent } from "react";
import { Form, useNavigate } from "react-router";
import { RETURN_STATUSES } from "#db/schema/returns";
import { secondaryButton } from "~/components/ui/field";
import {
  ADMIN_RETURN_SEARCH_MAX,
  adminReturnSearchParams,
  parseAdminReturnQuery,
  type AdminReturnQuery,
} from "~/modules/returns/admin-return-query";
import { RETURN_STATUS_LABELS } from "~/modules/returns/return-moves";

const control =
  "block h-10 w-full rounded-xl border border-line bg-white px-3 text-sm outline-none hover:border-stone-400 focus:border-brand";

const PATH = "/admin/returns";

/**
 * Search and status filter of the returns list, as a GET form: the query lives in the URL (Back works, it
 * works without JavaScript), and any change starts again at page 1 (the form sends no page).
 */
export function ReturnFilters({ query }: { query: AdminReturnQuery }) {
  const navigate = useNavigate();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const fields = new URLSearchParams();
    for (const name of ["q", "status"]) fields.set(name, String(form.get(name) ?? ""));
    const params = adminReturnSearchParams({ ...parseAdminReturnQuery(fields), page: 1 }).toString();
    void navigate(params ? `${PATH}?${params}` : PATH);
  };
  return (
    <Form
      method="get"
      action={PATH}
      role="search"
      aria-label="Returns"
      className="flex flex-wrap items-end gap-3"
      onSubmit={submit}
      key={`${query.q}|${query.status}`}
    >
      <div className="min-w-56 flex-1">
        <label htmlFor="return-search" className="mb-1 block text-sm font-medium">
          Search returns
        </label>
        <input
          id="return-search"
          type="search"
          name="q"
          defaultValue={query.q}
          maxLength={ADMIN_RETURN_SEARCH_MAX}
          placeholder="RMA number, order number or customer e-mail"
          className={control}
        />
      </div>
      <div>
        <label htmlFor="return-status" className="mb-1 block text-sm font-medium">
          Status
        </label>
        <select
          id="return-status"
          name="status"
          defaultValue={query.status ?? ""}
          onChange={(event) => event.currentTarget.form?.requestSubmit()}
          className={control}
        >
          <option value="">All</option>
          {RETURN_STATUSES.map((status) => (
            <option key={status} value={status}>
              {RETURN_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={`${secondaryButton} h-10`}>
        <Search className="size-4" aria-hidden />
        Search
      </button>
    </Form>
  );
}
