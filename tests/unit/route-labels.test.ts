import { describe, expect, it } from "vitest";
import type { ServerBuild } from "react-router";
import { routeLabeler } from "../../server/route-labels";

const route = (id: string, path: string | undefined, parentId?: string, index = false) => ({
  id,
  path,
  parentId,
  index,
  caseSensitive: undefined,
  module: {} as never,
});
const routes = Object.fromEntries(
  [
    route("root", "", undefined),
    route("routes/home", undefined, "root", true),
    route("routes/shop-all", "shop", "root"),
    route("routes/shop", "shop/:category", "root"),
    route("routes/product", "product/:slug", "root"),
    route("routes/order-confirmation", "order-confirmation/:orderNumber?", "root"),
    route("routes/admin", "admin", "root"),
    route("routes/admin._index", undefined, "routes/admin", true),
    route("routes/admin.orders.order", "orders/:orderNumber", "routes/admin"),
    route("routes/admin.orders.export", "admin/orders/export", "root"),
    route("routes/sitemap", "sitemap.xml", "root"),
    route("routes/api.auth", "api/auth/*", "root"),
    route("routes/catch-all", "*", "root"),
  ].map((r) => [r.id, r]),
) as unknown as ServerBuild["routes"];

describe("route labels", () => {
  const label = routeLabeler(routes);
  it.each([
    ["/", "/"],
    ["/_root.data", "/"],
    ["/shop", "/shop"],
    ["/shop.data", "/shop"],
    ["/shop/dresses", "/shop/:category"],
    ["/product/linen-shirt", "/product/:slug"],
    ["/order-confirmation", "/order-confirmation/:orderNumber?"],
    ["/order-confirmation/AB-1", "/order-confirmation/:orderNumber?"],
    ["/admin", "/admin"],
    ["/admin/orders/AB-12", "/admin/orders/:orderNumber"],
    ["/admin/orders/export", "/admin/orders/export"],
    ["/sitemap.xml", "/sitemap.xml"],
    ["/api/auth/sign-in/social", "/api/auth/*"],
    ["/wp-login.php", "/*"],
    ["/assets/entry-abc.js", "/assets/*"],
    ["/media/abc/400.webp", "/media/*"],
    ["/metrics", "/metrics"],
  ])("%s is %s", (path, expected) => {
    expect(label(path)).toBe(expected);
  });
});
