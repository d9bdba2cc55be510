import { formatDayIn } from "~/lib/dates";
import { useShop } from "~/components/use-root-data";
import { shopNameFromMatches } from "~/lib/seo";
import { Package, RotateCcw, Search, Truck } from "~/components/ui/icons";
import { Form, useSubmit } from "react-router";
import { SiteLink } from "~/components/ui/site-link";
import { OrderDiscountRows } from "~/components/orders/order-discount-rows";
import { toast } from "sonner";
import { addToCart } from "~/components/cart/cart-client";
import { useClientStore } from "~/components/cart/client-store";
import { useMaxPerProduct } from "~/components/use-root-data";
import { formatCents } from "~/lib/money";
import { pageLoader } from "~/lib/http/error-answer.server";
import { services } from "~/services.server";
import { listOrdersOfUser, parseStatus } from "~/modules/orders/order-history.server";
import {
  moreItemsText,
  ORDER_CARD_ITEMS,
  ORDER_STATUSES,
  paymentBadge,
  progressMessage,
  STATUS_BADGE,
  statusLabel,
  type OrderStatus,
} from "~/modules/orders/order-rules";
import { FALLBACK_IMAGE } from "~/modules/catalog/product-rules";
import { returnWindow } from "~/modules/returns/return-rules";
import { OrderReturnsList, partialRefundText } from "~/components/returns/return-badges";
import { responsiveImage } from "~/modules/media/image-urls";
import type { Route } from "./+types/orders";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `My Orders | ${shopNameFromMatches(matches)}` }, { name: "robots", content: "noindex" }];
}

/** Signed-in users only (spec §2): anyone else goes to /login?redirect=%2Forders. */
async function load({ request, url }: Route.LoaderArgs) {
  const user = await services().sessions.requireUser(request);
  const filter = {
    q: (url.searchParams.get("q") ?? "").trim().slice(0, 100),
    status: parseStatus(url.searchParams.get("status")),
  };
  const [orders, windowDays] = await Promise.all([
    listOrdersOfUser(services().database.db, user.id, filter),
    services().returns.windowDays(),
  ]);
  // The returns of every order listed, in one query (issue 30).
  const returns = await services().returns.ofOrders(orders.map((o) => o.id));
  const now = new Date();
  return {
    filter,
    orders: orders.map(({ exchangeForOrderId, ...order }) => {
      const window = returnWindow(
        {
          status: order.status,
          deliveredAt: order.deliveredAt ? new Date(order.deliveredAt) : null,
          isExchange: exchangeForOrderId !== null,
        },
        windowDays,
        now,
      );
      return {
        ...order,
        returnableUntil: window.open ? window.endsAt.toISOString() : null,
        returns: returns.get(order.id) ?? [],
      };
    }),
  };
}
export const loader = pageLoader(load);

type Order = Route.ComponentProps["loaderData"]["orders"][number];

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { filter, orders } = loaderData;
  const submit = useSubmit();
  return (
    <div className="container-page max-w-4xl py-12">
      <h1 className="font-display text-4xl font-semibold">My Orders</h1>
      <Form
        method="get"
        role="search"
        className="mt-8 flex flex-col gap-3 sm:flex-row"
        onChange={(e) => submit(e.currentTarget, { replace: true })}
      >
        <div className="relative flex-1">
          <label htmlFor="order-search" className="sr-only">
            Search orders
          </label>
          <Search
            className="pointer-events-none absolute left-4 top-1/2 size-4 -translate-y-1/2 text-muted"
            aria-hidden
          />
          <input
            id="order-search"
            name="q"
            type="search"
            defaultValue={filter.q}
            placeholder="Search by order number or product"
            className="w-full rounded-full border border-line bg-white py-2.5 pl-10 pr-4 text-sm"
          />
        </div>
        <label htmlFor="order-status" className="sr-only">
          Status
        </label>
        <select
          id="order-status"
          name="status"
          defaultValue={filter.status ?? ""}
          className="rounded-full border border-line bg-white px-4 py-2.5 text-sm"
        >
          <option value="">All Orders</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
        <noscript>
          <button type="submit" className="rounded-full bg-ink px-4 py-2 text-sm text-white">
            Search
          </button>
        </noscript>
      </Form>
      {orders.length === 0 ? (
        <div className="mt-10 flex flex-col items-center gap-3 rounded-2xl border border-line bg-white p-12 text-center">
          <Package className="size-10 text-stone-300" aria-hidden />
          <p className="text-lg font-medium">No orders found</p>
          <SiteLink to="/shop" className="rounded-full bg-ink px-5 py-2.5 text-sm font-medium text-white">
            Continue Shopping
          </SiteLink>
        </div>
      ) : (
        <ul className="mt-8 space-y-5" aria-label="Orders">
          {orders.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** An order's lines; a delivered order's each with 'Write a review' or 'Edit your review' (issue 29). */
function OrderItems({ order, items }: { order: Order; items: Order["items"] }) {
  return (
    <ul className="mt-4 space-y-2" aria-label={`Items of ${order.orderNumber}`}>
      {items.map((item) => (
        <li key={item.id} className="flex flex-wrap items-center gap-3 text-sm">
          <img
            alt=""
            width={40}
            height={50}
            className="h-12 w-10 rounded bg-stone-100 object-cover"
            {...responsiveImage(item.imageUrl ?? FALLBACK_IMAGE, "40px")}
          />
          <span className="flex-1">
            {item.productName}
            <span className="text-muted">
              {" "}
              · {[item.size, item.color].filter(Boolean).join(" · ")} × {item.quantity}
            </span>
          </span>
          {order.status === "delivered" && item.productId && (
            <SiteLink
              to={item.reviewId ? `/reviews/${item.reviewId}/edit` : `/reviews/new?line=${item.id}`}
              className="rounded-full border border-line px-3 py-1 text-xs font-medium hover:border-ink"
              aria-label={`${item.reviewId ? "Edit your review" : "Write a review"} of ${item.productName}`}
            >
              {item.reviewId ? "Edit your review" : "Write a review"}
            </SiteLink>
          )}
        </li>
      ))}
    </ul>
  );
}

function OrderCard({ order }: { order: Order }) {
  const setCartOpen = useClientStore((s) => s.setCartOpen);
  const maxPerProduct = useMaxPerProduct();
  const { timeZone } = useShop();
  const status = order.status as OrderStatus;
  const more = moreItemsText(order.items.length);
  const refunded = partialRefundText(order.refundedCents, order.totalCents);
  const reorder = async () => {
    const problems: string[] = [];
    for (const item of order.items) {
      if (!item.productId) continue;
      const outcome = await addToCart(
        {
          id: item.productId,
          name: item.productName,
          price: item.unitPriceCents,
          image: item.imageUrl ?? FALLBACK_IMAGE,
          size: item.size ?? undefined,
          color: item.color ?? undefined,
          quantity: item.quantity,
        },
        maxPerProduct,
      );
      if (outcome.error) problems.push(`${item.productName}: ${outcome.error}`);
    }
    if (problems.length > 0) toast.warning(problems.join(" · "));
    else toast.success("Items added to your cart");
    setCartOpen(true);
  };
  return (
    <li className="rounded-2xl border border-line bg-white p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="font-semibold">{order.orderNumber}</h2>
          <p className="text-sm text-muted">Placed {formatDayIn(order.createdAt, timeZone)}</p>
        </div>
        <div className="text-right">
          <p className="font-semibold">{formatCents(order.totalCents)}</p>
          {order.discounts.length > 0 && (
            <dl className="text-xs">
              <OrderDiscountRows discounts={order.discounts} className="flex justify-end gap-1 text-emerald-800" />
            </dl>
          )}
          <span
            className={`mt-1 inline-block rounded-full px-2.5 py-0.5 text-xs font-medium ${STATUS_BADGE[status] ?? "bg-stone-100"}`}
          >
            {statusLabel(order.status)}
          </span>
        </div>
      </div>
      <p className="mt-3 text-sm font-medium">{progressMessage(order.status, order.trackingNumber)}</p>
      <OrderItems order={order} items={order.items.slice(0, ORDER_CARD_ITEMS)} />
      {more &&
        (order.status === "delivered" ? (
          // A delivered order's every line can be reviewed: the rest are one click away.
          <details className="mt-2 text-sm">
            <summary className="cursor-pointer text-muted">{more}</summary>
            <OrderItems order={order} items={order.items.slice(ORDER_CARD_ITEMS)} />
          </details>
        ) : (
          <p className="mt-2 text-sm text-muted">{more}</p>
        ))}
      {order.returns.length > 0 && (
        <div className="mt-4 rounded-xl bg-stone-50 p-3">
          <h3 className="mb-2 text-sm font-semibold">Returns</h3>
          <OrderReturnsList returns={order.returns} orderNumber={order.orderNumber} />
        </div>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-3 border-t border-line pt-4 text-sm">
        <span>
          Payment:{" "}
          <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${paymentBadge(order.paymentStatus)}`}>
            {statusLabel(order.paymentStatus)}
          </span>
          {refunded && <span className="ml-2 text-muted">{refunded}</span>}
        </span>
        {order.returnableUntil && (
          <span className="text-muted">Returnable until {formatDayIn(order.returnableUntil, timeZone)}</span>
        )}
        <div className="ml-auto flex flex-wrap gap-2">
          {order.returnableUntil && (
            <SiteLink
              to={`/orders/${order.orderNumber}/return`}
              className="inline-flex items-center gap-1 rounded-full border border-line px-4 py-2 hover:border-ink"
            >
              Return or exchange
            </SiteLink>
          )}
          {order.status === "shipped" && order.trackingNumber && (
            <a
              href={`https://www.google.com/search?q=${encodeURIComponent(order.trackingNumber)}`}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 rounded-full border border-line px-4 py-2 hover:border-ink"
            >
              <Truck className="size-4" aria-hidden /> Track Package
            </a>
          )}
          {order.status === "delivered" && (
            <button
              type="button"
              onClick={() => void reorder()}
              className="inline-flex items-center gap-1 rounded-full border border-line px-4 py-2 hover:border-ink"
            >
              <RotateCcw className="size-4" aria-hidden /> Reorder
            </button>
          )}
          <SiteLink
            to={`/order-confirmation/${order.orderNumber}`}
            className="rounded-full bg-ink px-4 py-2 font-medium text-white hover:bg-black"
          >
            View Details
          </SiteLink>
        </div>
      </div>
    </li>
  );
}
