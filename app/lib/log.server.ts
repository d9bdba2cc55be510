import { createRequire } from "node:module";
import pino, { type DestinationStream, type Logger } from "pino";
import { connectionFailure, databaseError } from "./db/errors";

/**
 * The server's one logger (issue 27): JSON lines on stdout, one per event, with `level`, `time` (ISO),
 * `pid` and `msg`, and fields of their own (`reqId`, `route`, `err`…). Under `npm run dev` (server.js
 * --dev sets ABUNDANCE_LOG_PRETTY) the same lines are printed for a person by pino-pretty, a
 * devDependency loaded only then. LOG_LEVEL sets the least severe line written (`setLogLevel` at start;
 * the environment's value until then).
 *
 * What is logged is chosen field by field; nothing logs a request's headers or body. As a second line
 * of defence, fields that could carry a secret or a person's data are censored wherever they appear.
 * Errors go under `err` and are reduced to their type, code and message (`errorFields`): a database
 * error never brings its SQL text or parameters along.
 */
const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LEVELS)[number];

const isLevel = (value: string | undefined): value is LogLevel => LEVELS.includes(value as LogLevel);

/** Fields censored at a line's root and one level under it (`body.password`, `headers.cookie`). */
const REDACTED_KEYS = [
  "password",
  "newPassword",
  "currentPassword",
  "token",
  "cookie",
  "authorization",
  "secret",
  "card",
  "address",
  "shippingAddress",
  "billingAddress",
];
const REDACT_PATHS = REDACTED_KEYS.flatMap((key) => [key, `*.${key}`]);

export interface ErrorFields {
  type: string;
  message: string;
  code?: string;
  constraint?: string;
  stack?: string;
}

/** Drizzle's wrapper of a failed query, whose message is the query and its parameters. */
const QUERY_TEXT = /^Failed query:/;

/**
 * What a log line says of an error: its type, code and message. A database error (the driver's, or
 * wrapped by the ORM, whose own message is the full query with its parameters) is its SQLSTATE or
 * socket code and the server's message, never the SQL; a connection failure likewise. Other errors keep
 * their stack (one JSON string), which is what finds a bug.
 */
export function errorFields(error: unknown): ErrorFields {
  const lost = connectionFailure(error);
  if (lost) return { type: "DatabaseUnavailable", code: lost.code, message: lost.message };
  const db = databaseError(error);
  if (db) {
    return {
      type: "DatabaseError",
      code: db.code,
      message: db.message,
      ...(db.constraint ? { constraint: db.constraint } : {}),
    };
  }
  if (error instanceof Error) {
    const type = error.name === "Error" ? error.constructor.name || "Error" : error.name;
    if (QUERY_TEXT.test(error.message)) {
      const cause = error.cause instanceof Error ? error.cause.message : undefined;
      return { type, message: cause ? `query failed: ${cause}` : "query failed" };
    }
    const code = (error as { code?: unknown }).code;
    return {
      type,
      message: error.message,
      ...(typeof code === "string" || typeof code === "number" ? { code: String(code) } : {}),
      ...(error.stack ? { stack: error.stack } : {}),
    };
  }
  return { type: typeof error, message: String(error) };
}

function defaultDestination(): DestinationStream {
  // Under Vitest, lines go through the console: a test that expects no error line (tests/support/
  // fail-on-console-error.ts) still fails on one, and Vitest shows each line beside its test.
  if (process.env.VITEST) {
    return {
      write(line: string) {
        const text = line.trimEnd();
        if (/^\{"level":"(?:error|fatal)"/.test(text)) console.error(text);
        else if (text.startsWith('{"level":"warn"')) console.warn(text);
        else console.log(text);
      },
    };
  }
  if (process.env.ABUNDANCE_LOG_PRETTY === "1") {
    const pretty = createRequire(import.meta.url)("pino-pretty") as (options: object) => DestinationStream;
    return pretty({ colorize: true, sync: true, translateTime: "HH:MM:ss.l", ignore: "pid,hostname" });
  }
  // Written on the next turn of the event loop, lines gathered while a write is under way; pino writes
  // what is left when the process exits.
  return pino.destination({ dest: 1, sync: false });
}

/**
 * A logger with the shop's format and error serializer, writing to `destination`; with `redact` (the
 * default) it censors the fields above. Redaction costs a few microseconds a line: the access log, whose
 * fields are chosen and safe by construction, goes without it.
 */
export function createLogger(
  destination: DestinationStream,
  level: LogLevel = "info",
  options: { redact?: boolean } = {},
): Logger {
  return pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: errorFields },
      ...(options.redact === false ? {} : { redact: { paths: REDACT_PATHS, censor: "[redacted]" } }),
    },
    destination,
  );
}

const destination = defaultDestination();
const initialLevel = isLevel(process.env.LOG_LEVEL) ? process.env.LOG_LEVEL : "info";

export const log: Logger = createLogger(destination, initialLevel);

/** The access lines (server/access-log.ts): one per request, of chosen fields only, so not redacted. */
export const accessLog: Logger = createLogger(destination, initialLevel, { redact: false });

/** LOG_LEVEL as the configuration parsed it. */
export function setLogLevel(level: LogLevel): void {
  log.level = level;
  accessLog.level = level;
}
