import { startFakePayPal } from "./fake-paypal";

/**
 * The fake PayPal (tests/support/fake-paypal.ts) as a process of its own, for the browser tests'
 * web servers: `FAKE_PAYPAL_PORT=4210 node --import tsx tests/support/fake-paypal-server.ts`.
 * Listens on 127.0.0.1 at that port until SIGTERM/SIGINT; tests drive it over its /__test__ routes.
 */
const port = Number(process.env.FAKE_PAYPAL_PORT);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error("FAKE_PAYPAL_PORT must be a port number");
  process.exit(2);
}

const fake = await startFakePayPal({ port });
console.log(`fake PayPal listening on ${fake.url}`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void fake.stop().finally(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
