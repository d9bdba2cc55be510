import { startFakeTwilio } from "./fake-twilio";

/**
 * The fake Twilio (tests/support/fake-twilio.ts) as a process of its own, for the browser tests' web
 * servers: `FAKE_TWILIO_PORT=4211 node --import tsx tests/support/fake-twilio-server.ts`. Tests drive it
 * over its /__test__ routes (messages, fail-next, report).
 */
const port = Number(process.env.FAKE_TWILIO_PORT);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error("FAKE_TWILIO_PORT must be a port number");
  process.exit(2);
}

const fake = await startFakeTwilio({ port });
console.log(`fake Twilio listening on ${fake.url}`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void fake.stop().finally(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
