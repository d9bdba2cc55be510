import { portFromEnv, stopOnSignal } from "./fake-process";
import { startFakeTwilio } from "./fake-twilio";

/**
 * The fake Twilio (tests/support/fake-twilio.ts) as a process of its own, for the browser tests' web
 * servers: `FAKE_TWILIO_PORT=4211 node --import tsx tests/support/fake-twilio-server.ts`. Tests drive it
 * over its /__test__ routes (messages, fail-next, report).
 */
const fake = await startFakeTwilio({ port: portFromEnv("FAKE_TWILIO_PORT") });
console.log(`fake Twilio listening on ${fake.url}`);
stopOnSignal(() => fake.stop());
