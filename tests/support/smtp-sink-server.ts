import { startSmtpSink } from "./smtp-sink";

/**
 * The SMTP sink (tests/support/smtp-sink.ts) as a process of its own, for the browser suite:
 * `SMTP_SINK_PORT=… SMTP_SINK_HTTP_PORT=… node --import tsx tests/support/smtp-sink-server.ts`.
 */
const port = Number(process.env.SMTP_SINK_PORT);
const httpPort = Number(process.env.SMTP_SINK_HTTP_PORT);
if (!Number.isInteger(port) || !Number.isInteger(httpPort)) {
  console.error("SMTP_SINK_PORT and SMTP_SINK_HTTP_PORT must be port numbers");
  process.exit(2);
}

const sink = await startSmtpSink({ port, httpPort });
console.log(`SMTP sink on ${sink.url}, mails on http://127.0.0.1:${httpPort}/__test__/mails`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void sink.close().finally(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
