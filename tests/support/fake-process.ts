/**
 * What the fakes run as processes of their own share (fake-paypal-server.ts, fake-twilio-server.ts,
 * smtp-sink-server.ts): a port from the environment, and a clean stop on SIGTERM or SIGINT.
 */
export function portFromEnv(name: string): number {
  const port = Number(process.env[name]);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    console.error(`${name} must be a port number`);
    process.exit(2);
  }
  return port;
}

export function stopOnSignal(stop: () => Promise<void>): void {
  let stopping = false;
  const onSignal = () => {
    if (stopping) return;
    stopping = true;
    void stop().finally(() => process.exit(0));
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}
