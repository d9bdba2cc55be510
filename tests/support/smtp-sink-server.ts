import { portFromEnv, stopOnSignal } from "./fake-process";
import { startSmtpSink } from "./smtp-sink";

/**
 * The SMTP sink (tests/support/smtp-sink.ts) as a process of its own, for the browser suite:
 * `SMTP_SINK_PORT=… SMTP_SINK_HTTP_PORT=… node --import tsx tests/support/smtp-sink-server.ts`.
 */
const httpPort = portFromEnv("SMTP_SINK_HTTP_PORT");
const sink = await startSmtpSink({ port: portFromEnv("SMTP_SINK_PORT"), httpPort });
console.log(`SMTP sink on ${sink.url}, mails on http://127.0.0.1:${httpPort}/__test__/mails`);
stopOnSignal(() => sink.close());
