export * from "./auth";
export * from "./profiles";
export * from "./catalog";
export * from "./cart";
export * from "./orders";
export * from "./meta";
export * from "./secure-admin";
export * from "./sales";
