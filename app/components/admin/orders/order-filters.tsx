import { Search } from "lucide-react";
import type { FormEvent } from "react";
import { Form, useNavigate } from "react-router";
import { secondaryButton } from "~/components/ui/field";
import {
  ADMIN_ORDER_SEARCH_MAX,
  adminOrderSearchParams,
  parseAdminOrderQuery,
  type AdminOrderQuery,
} from "~/modules/orders/admin-order-query";
import { ORDER_STATUSES, PAYMENT_STATUSES, statusLabel } from "~/modules/orders/order-rules";

const control =
  "block h-10 w-full rounded-xl border border-line bg-white px-3 text-sm outline-none hover:border-stone-400 focus:border-brand";

/**
 * Search and filters of the order list, as a GET form of /admin: the query lives in the URL (Back works,
 * it works without JavaScript), and any change starts again at page 1 (the form sends no page).
 */
export function OrderFilters({ query, action = "/admin" }: { query: AdminOrderQuery; action?: string }) {
  const navigate = useNavigate();
  const submitOnChange = (event: React.ChangeEvent<HTMLSelectElement>) => event.currentTarget.form?.requestSubmit();
  // With JavaScript the URL carries only what differs from the defaults (no "status=&payment=").
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const fields = new URLSearchParams();
    for (const name of ["q", "status", "payment"]) fields.set(name, String(form.get(name) ?? ""));
    const params = adminOrderSearchParams({ ...parseAdminOrderQuery(fields), page: 1 }).toString();
    void navigate(params ? `${action}?${params}` : action);
  };
  return (
    <Form
      method="get"
      action={action}
      role="search"
      aria-label="Orders"
      className="flex flex-wrap items-end gap-3"
      onSubmit={submit}
      key={`${query.q}|${query.status}|${query.payment}`}
    >
      <div className="min-w-56 flex-1">
        <label htmlFor="order-search" className="mb-1 block text-sm font-medium">
          Search orders
        </label>
        <input
          id="order-search"
          type="search"
          name="q"
          defaultValue={query.q}
          maxLength={ADMIN_ORDER_SEARCH_MAX}
          placeholder="Order number, customer name or e-mail"
          className={control}
        />
      </div>
      <div>
        <label htmlFor="order-status" className="mb-1 block text-sm font-medium">
          Status
        </label>
        <select
          id="order-status"
          name="status"
          defaultValue={query.status ?? ""}
          onChange={submitOnChange}
          className={control}
        >
          <option value="">All</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="order-payment" className="mb-1 block text-sm font-medium">
          Payment
        </label>
        <select
          id="order-payment"
          name="payment"
          defaultValue={query.payment ?? ""}
          onChange={submitOnChange}
          className={control}
        >
          <option value="">All</option>
          {PAYMENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
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
