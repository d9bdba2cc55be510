import { startFakePayPal } from "./fake-paypal";
import { portFromEnv, stopOnSignal } from "./fake-process";

/**
 * The fake PayPal (tests/support/fake-paypal.ts) as a process of its own, for the browser tests'
 * web servers: `FAKE_PAYPAL_PORT=4210 node --import tsx tests/support/fake-paypal-server.ts`.
 * Listens on 127.0.0.1 at that port until SIGTERM/SIGINT; tests drive it over its /__test__ routes.
 */
const fake = await startFakePayPal({ port: portFromEnv("FAKE_PAYPAL_PORT") });
console.log(`fake PayPal listening on ${fake.url}`);
stopOnSignal(() => fake.stop());
