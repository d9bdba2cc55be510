import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { backOfficePrefixes, isUnder, withoutRoutesUnder } from "../../server/storefront-routes";

// Decision 0046: the storefront's handler gets the route table without the back office's routes.
const route = (id: string, parentId: string | undefined, path: string | undefined, handle?: object) => ({
  id,
  parentId,
  path,
  module: { handle },
});
const routes = {
  root: route("root", undefined, ""),
  "routes/home": { ...route("routes/home", "root", undefined), index: true },
  "routes/shop": route("routes/shop", "root", "shop"),
  "routes/admin": route("routes/admin", "root", "admin", { backOffice: true }),
  "routes/admin._index": { ...route("routes/admin._index", "routes/admin", undefined), index: true },
  "routes/admin.orders": route("routes/admin.orders", "routes/admin", "orders"),
  // A resource route beside the layout, under its path.
  "routes/admin.orders.export": route("routes/admin.orders.export", "root", "admin/orders/export"),
  "routes/secure-admin": route("routes/secure-admin", "root", "/secure-admin/", { backOffice: true }),
  "routes/secure-admin.orders": route("routes/secure-admin.orders", "routes/secure-admin", "orders"),
  "routes/administrators": route("routes/administrators", "root", "administrators"),
  "routes/catch-all": route("routes/catch-all", "root", "*"),
};
const build = {
  routes,
  assets: { version: "v1", routes: Object.fromEntries(Object.keys(routes).map((id) => [id, { id }])) },
} as unknown as ServerBuild;

describe("the storefront's route table", () => {
  it("finds the back office by its layouts' handles", () => {
    expect(backOfficePrefixes(build).sort()).toEqual(["/admin", "/secure-admin"]);
  });

  it("knows the back office's pages and their data requests, and nothing that only begins alike", () => {
    const prefixes = ["/admin", "/secure-admin"];
    for (const path of ["/admin", "/admin/", "/admin/orders", "/admin.data", "/admin/orders.data", "/secure-admin"])
      expect(isUnder(prefixes, path), path).toBe(true);
    for (const path of ["/", "/shop", "/administrators", "/admin-help", "/_root.data", "/shop.data", "/api/cart"])
      expect(isUnder(prefixes, path), path).toBe(false);
  });

  it("leaves out every route under the back office, in the modules and the client manifest alike", () => {
    const storefront = withoutRoutesUnder(build, backOfficePrefixes(build));
    const kept = ["root", "routes/home", "routes/shop", "routes/administrators", "routes/catch-all"];
    expect(Object.keys(storefront.routes).sort()).toEqual([...kept].sort());
    expect(Object.keys(storefront.assets.routes).sort()).toEqual([...kept].sort());
    // The rest of the build is the same object's.
    expect(storefront.assets.version).toBe("v1");
    expect(Object.keys(build.routes)).toHaveLength(11);
  });
});
