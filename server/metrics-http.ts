import cluster from "node:cluster";
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import client, { AggregatorRegistry, type Registry } from "prom-client";
import { log } from "~/lib/log.server";

/**
 * /metrics over HTTP (issue 27): the bearer-token check, and a cluster's metrics gathered by its
 * primary. Apart from server/metrics.ts (which reads the database) so that a cluster's primary, which
 * opens no database, loads only this.
 */

/** A constant-time comparison of the bearer token (hashes first, so the lengths always match). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(match?.[1] ?? ""), digest(token)) && match !== null;
}

/** IPC between a cluster's workers and its primary, which alone can gather every worker's metrics. */
interface MetricsAsk {
  type: "abundance:metrics";
  id: number;
}
interface MetricsAnswer {
  type: "abundance:metrics-answer";
  id: number;
  text?: string;
  error?: string;
}
const isAnswer = (message: unknown): message is MetricsAnswer =>
  typeof message === "object" &&
  message !== null &&
  (message as { type?: unknown }).type === "abundance:metrics-answer";

/**
 * This process's metrics, or in a cluster's worker every worker's, summed by the primary (prom-client's
 * AggregatorRegistry): a scrape reaches one worker, and must see the whole instance.
 */
export function metricsReader(registry: Registry): () => Promise<string> {
  if (!cluster.isWorker) return () => registry.metrics();
  // Answers the primary's request for this worker's metrics (AggregatorRegistry's own messages).
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
  let next = 0;
  const pending = new Map<number, (answer: MetricsAnswer) => void>();
  process.on("message", (message: unknown) => {
    if (isAnswer(message)) pending.get(message.id)?.(message);
  });
  return async () => {
    const id = next++;
    const answer = await new Promise<MetricsAnswer>((resolve) => {
      const timer = setTimeout(() => resolve({ type: "abundance:metrics-answer", id, error: "timed out" }), 8_000);
      pending.set(id, (reply) => {
        clearTimeout(timer);
        resolve(reply);
      });
      process.send?.({ type: "abundance:metrics", id } satisfies MetricsAsk);
    }).finally(() => pending.delete(id));
    if (answer.error !== undefined || answer.text === undefined) throw new Error(answer.error ?? "no metrics");
    return answer.text;
  };
}

/** In a cluster's primary: answers the workers' requests for the whole cluster's metrics. */
export function serveClusterMetrics(): () => Promise<string> {
  const aggregator = new AggregatorRegistry();
  const gather = () => aggregator.clusterMetrics();
  cluster.on("message", (worker, message: unknown) => {
    if (typeof message !== "object" || message === null) return;
    const ask = message as Partial<MetricsAsk>;
    if (ask.type !== "abundance:metrics" || typeof ask.id !== "number") return;
    const id = ask.id;
    gather().then(
      (text) =>
        worker.isConnected() && worker.send({ type: "abundance:metrics-answer", id, text } satisfies MetricsAnswer),
      (error: unknown) =>
        worker.isConnected() &&
        worker.send({ type: "abundance:metrics-answer", id, error: String(error) } satisfies MetricsAnswer),
    );
  });
  return gather;
}

export const METRICS_CONTENT_TYPE = client.register.contentType;

/**
 * The /metrics answer: 404 when the metrics are not offered here, 401 without the right bearer token,
 * otherwise the Prometheus text. Never cached, by the page cache (which only keeps catalogue pages) nor by anyone.
 */
export async function answerMetrics(
  req: IncomingMessage,
  res: ServerResponse,
  options: { token: string | undefined; open: boolean; read: () => Promise<string> },
): Promise<void> {
  res.setHeader("Cache-Control", "no-store");
  if (!options.open && !options.token) {
    res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not Found");
    return;
  }
  if (options.token && !bearerMatches(req.headers.authorization, options.token)) {
    res.writeHead(401, { "Content-Type": "text/plain; charset=utf-8", "WWW-Authenticate": 'Bearer realm="metrics"' });
    res.end("Unauthorized");
    return;
  }
  try {
    const text = await options.read();
    res.writeHead(200, { "Content-Type": METRICS_CONTENT_TYPE }).end(text);
  } catch (error) {
    log.error({ err: error }, "[metrics] could not be gathered");
    res.writeHead(503, { "Content-Type": "text/plain; charset=utf-8" }).end("Metrics unavailable");
  }
}
