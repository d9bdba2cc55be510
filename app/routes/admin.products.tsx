import { Form, Link } from "react-router";
import { Pagination } from "~/components/ui/pagination";
import { formatCents } from "~/lib/money";
import { services } from "~/services.server";
import { adminProductPage } from "~/modules/admin/overview.server";
import type { Route } from "./+types/admin.products";

export function meta() {
  return [{ title: "Products | Admin | Abundance Collection" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await services().sessions.requireAdmin(request);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const page = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1);
  return { q, ...(await adminProductPage(services().database.db, { q, page })) };
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, q } = loaderData;
  const hrefFor = (n: number) => `/admin/products?${new URLSearchParams({ ...(q ? { q } : {}), page: String(n) })}`;
  return (
    <div className="container-page py-12">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link to="/admin" className="hover:text-brand">
          Admin Dashboard
        </Link>{" "}
        / Products
      </nav>
      <div className="mt-3 flex flex-wrap items-end justify-between gap-4">
        <h1 className="font-display text-4xl font-semibold">Products</h1>
        <p className="text-sm text-muted">
          {rows.length} of {total}
        </p>
      </div>
      <Form method="get" role="search" className="mt-6 flex max-w-md gap-2">
        <label htmlFor="admin-product-search" className="sr-only">
          Search products by name or SKU
        </label>
        <input
          id="admin-product-search"
          name="q"
          type="search"
          defaultValue={q}
          placeholder="Search by name or SKU"
          className="min-w-0 flex-1 rounded-full border border-line bg-white px-4 py-2 text-sm"
        />
        <button type="submit" className="rounded-full bg-ink px-4 py-2 text-sm font-medium text-white">
          Search
        </button>
      </Form>
      {rows.length === 0 ? (
        <div className="mt-10 rounded-2xl border border-line bg-white p-10 text-center">
          <p className="font-medium">No products found</p>
          <p className="mt-1 text-sm text-muted">
            {q ? "Try adjusting your search or filters." : "Get started by adding your first product."}
          </p>
        </div>
      ) : (
        <div className="mt-8 overflow-x-auto rounded-2xl border border-line bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Products</caption>
            <thead className="border-b border-line text-xs uppercase tracking-wider text-muted">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Product
                </th>
                <th scope="col" className="px-4 py-3">
                  Status
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Inventory
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Price
                </th>
                <th scope="col" className="px-4 py-3">
                  Category
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {rows.map((p) => (
                <tr key={p.id}>
                  <td className="px-4 py-3">
                    <div className="flex items-center gap-3">
                      <img
                        src={p.imageUrl ?? "/images/placeholder.svg"}
                        alt=""
                        width={40}
                        height={50}
                        className="h-12 w-10 rounded bg-stone-100 object-cover"
                      />
                      <div>
                        <p className="font-medium">{p.name}</p>
                        <p className="text-xs text-muted">{p.sku}</p>
                      </div>
                    </div>
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex flex-wrap gap-1">
                      <Badge tone={p.isActive ? "green" : "stone"}>{p.isActive ? "Active" : "Inactive"}</Badge>
                      {p.featured && <Badge tone="amber">Featured</Badge>}
                      {p.isSale && <Badge tone="red">Sale</Badge>}
                      {p.isNew && <Badge tone="blue">New</Badge>}
                    </div>
                  </td>
                  <td className="px-4 py-3 text-right tabular-nums">{p.inventory}</td>
                  <td className="px-4 py-3 text-right tabular-nums">
                    {formatCents(p.priceCents)}
                    {p.originalPriceCents !== null && p.originalPriceCents > p.priceCents && (
                      <s className="ml-2 text-xs text-muted">{formatCents(p.originalPriceCents)}</s>
                    )}
                  </td>
                  <td className="px-4 py-3">{p.category ?? "Uncategorized"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} label="Product pages" />
    </div>
  );
}

const TONES = {
  green: "bg-green-100 text-green-800",
  stone: "bg-stone-200 text-stone-700",
  amber: "bg-amber-100 text-amber-800",
  red: "bg-red-100 text-red-800",
  blue: "bg-blue-100 text-blue-800",
} as const;

function Badge({ tone, children }: { tone: keyof typeof TONES; children: string }) {
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${TONES[tone]}`}>{children}</span>;
}
