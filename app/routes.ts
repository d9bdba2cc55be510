import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** The route table of spec §2, in one place. */
export default [
  index("routes/home.tsx"),
  route("shop", "routes/shop.tsx", { id: "routes/shop-all" }),
  route("shop/:category", "routes/shop.tsx"),
  route("product/:slug", "routes/product.tsx"),
  route("search", "routes/search.tsx"),
  route("login", "routes/login.tsx"),
  route("register", "routes/register.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("profile", "routes/profile.tsx"),
  route("orders", "routes/orders.tsx"),
  route("order-confirmation/:orderNumber?", "routes/order-confirmation.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("api/cart", "routes/api.cart.ts"),
  route("api/checkout", "routes/api.checkout.ts"),
  route("admin", "routes/admin.tsx"),
  route("admin/products", "routes/admin.products.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("contact-us", "routes/pages/contact-us.tsx"),
  route("shipping-info", "routes/pages/shipping-info.tsx"),
  route("returns", "routes/pages/returns.tsx"),
  route("size-guide", "routes/pages/size-guide.tsx"),
  route("faq", "routes/pages/faq.tsx"),
  route("privacy", "routes/pages/privacy.tsx"),
  route("terms", "routes/pages/terms.tsx"),
  route("api/auth/*", "routes/api.auth.ts"),
  // Any other path goes home (spec §2).
  route("*", "routes/catch-all.tsx"),
] satisfies RouteConfig;
