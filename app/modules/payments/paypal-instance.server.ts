import type { AppConfig } from "~/lib/config/config.server";
import { paypalClientFrom, type PayPalClient } from "./paypal.server";

/** One PayPal client per configuration, so its access token is reused between requests. */
const clients = new WeakMap<AppConfig, PayPalClient | undefined>();

export function paypalClientFor(config: AppConfig): PayPalClient | undefined {
  if (!clients.has(config)) clients.set(config, paypalClientFrom(config.paypal));
  return clients.get(config);
}
