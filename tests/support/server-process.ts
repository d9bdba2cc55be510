import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { freePort } from "./ports";

/**
 * The production server as operators run it — `node server.js` in a process of its own — for tests
 * of what happens to that process: its database going away under it, or the process being killed.
 */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** True once the process has exited (for whatever reason). */
  exited(): boolean;
  /** Sends a signal and waits for the process to exit. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** A graceful stop (SIGTERM), as a process manager does it. */
  stop(): Promise<void>;
}

/** Starts `node server.js` with this environment on a free port and waits until /healthz answers 200. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server.js"], {
    cwd: path.resolve("."),
    // Only what Node needs from this process's environment: the shop's own settings (DATABASE_URL,
    // secrets) come from `env` alone, as with startTestServer.
    env: {
      ...pick(process.env, ["PATH", "HOME", "TMPDIR", "LANG", "BUILD_DIR"]),
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: url,
      NOTIFICATION_YIELD_SECONDS: "0",
      // Every test shopper comes from 127.0.0.1: what an address may hold unpaid is off, as with
      // startTestServer (tests/integration/stock-holds.test.ts tests it).
      UNPAID_ORDERS_PER_ADDRESS: "10000",
      UNPAID_HOLD_SHARE_PERCENT: "100",
      UNPAID_HOLD_COOLDOWN_MINUTES: "0",
      // One process unless a test asks for more: a test that kills "the server" kills that process.
      WEB_CONCURRENCY: "1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const exited = () => child.exitCode !== null || child.signalCode !== null;

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exited()) throw new Error(`server.js exited while starting:\n${output}`);
    const ok = await fetch(`${url}/healthz`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server.js did not answer /healthz within 90 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const kill = async (signal: NodeJS.Signals) => {
    if (!exited()) child.kill(signal);
    await exit;
  };
  return { url, child, output: () => output, exited, kill, stop: () => kill("SIGTERM") };
}

function pick(env: NodeJS.ProcessEnv, names: string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (env[name] === undefined ? [] : [[name, env[name]!]])));
}
