import busboy from "busboy";
import { DomainError } from "~/lib/domain-error";
import { BODY_TOO_LARGE, bodyLimitFor } from "./body-limits";

/** One uploaded file, read whole into memory (never more than `maxFileBytes`). */
export interface ReceivedFile {
  /** The form field it came in. */
  field: string;
  /** The name the sender gave it, without any folder, control characters removed, at most 120 characters. */
  filename: string;
  /** What the sender says it is; never trusted, only reported. */
  declaredType: string;
  bytes: Buffer;
}

export interface MultipartRules {
  maxFiles: number;
  maxFileBytes: number;
  messages: {
    /** A file went over maxFileBytes (413). */
    fileTooLarge: string;
    /** More than maxFiles files (413). */
    tooManyFiles: string;
    /** Not a multipart form, or a broken one (400). */
    invalidForm: string;
  };
}

/**
 * The files of a multipart/form-data request, streamed through busboy with a limit per file, on the
 * number of files and on the whole body (the route's entry in body-limits.ts, for senders that declare
 * no length). Parsing stops at the first limit; the rest of the body is then read and dropped (for a
 * few seconds, up to the route's limit) so that the sender receives the answer rather than a reset
 * connection, and nothing of it is kept. A refused file is named in the error's `fieldErrors` (file name → message). Other form fields are
 * ignored.
 */
export async function readMultipartFiles(request: Request, rules: MultipartRules): Promise<ReceivedFile[]> {
  return (await readMultipart(request, rules)).files;
}

/**
 * A multipart form with its text fields too (a form with photos posted without JavaScript): the same
 * limits for files, and each text field at most `maxFieldBytes` (a longer one refuses the form, 400).
 */
export async function readMultipartForm(
  request: Request,
  rules: MultipartRules & { maxFieldBytes: number },
): Promise<{ fields: URLSearchParams; files: ReceivedFile[] }> {
  return readMultipart(request, rules);
}

async function readMultipart(
  request: Request,
  rules: MultipartRules & { maxFieldBytes?: number },
): Promise<{ fields: URLSearchParams; files: ReceivedFile[] }> {
  const contentType = request.headers.get("content-type") ?? "";
  const invalid = () => new DomainError("invalid", rules.messages.invalidForm, { reason: "INVALID_FORM" });
  if (!/^multipart\/form-data\s*;/i.test(contentType) || !request.body) throw invalid();

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      limits: {
        files: rules.maxFiles,
        fileSize: rules.maxFileBytes,
        fields: 20,
        fieldSize: rules.maxFieldBytes ?? 1024,
        parts: rules.maxFiles + 20,
        headerPairs: 20,
      },
    });
  } catch {
    throw invalid();
  }

  const files: ReceivedFile[] = [];
  const fields = new URLSearchParams();
  let failure: DomainError | undefined;
  const fail = (error: DomainError) => {
    failure ??= error;
  };
  const tooLarge = (filename: string) => {
    const message = rules.messages.fileTooLarge;
    return new DomainError("too-large", `${filename}: ${message}`, {
      reason: "FILE_TOO_LARGE",
      fieldErrors: { [filename]: message },
    });
  };

  parser.on("file", (field, stream, info) => {
    const filename = cleanFilename(info.filename);
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => {
      if (!failure) chunks.push(chunk);
    });
    // Errors of a file stream are the parser's errors too, handled below (this also covers destroy()).
    stream.on("error", () => undefined);
    stream.on("limit", () => fail(tooLarge(filename)));
    stream.on("end", () => {
      const bytes = Buffer.concat(chunks);
      if (failure || stream.truncated) return;
      files.push({ field, filename, declaredType: info.mimeType, bytes });
    });
  });
  if (rules.maxFieldBytes !== undefined) {
    parser.on("field", (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated) fail(invalid());
      else fields.append(name, value);
    });
  }
  parser.on("filesLimit", () =>
    fail(new DomainError("too-large", rules.messages.tooManyFiles, { reason: "TOO_MANY_FILES" })),
  );
  parser.on("partsLimit", () => fail(invalid()));
  parser.on("fieldsLimit", () => fail(invalid()));
  parser.on("error", () => fail(invalid()));
  const settled = new Promise<void>((resolve) => {
    parser.once("close", resolve);
    parser.once("error", () => resolve());
  });

  const limit = bodyLimitFor(new URL(request.url).pathname);
  const reader = request.body.getReader();
  let received = 0;
  let ended = false;
  try {
    while (!failure) {
      const { done, value } = await reader.read();
      if (done) {
        ended = true;
        parser.end();
        break;
      }
      received += value.byteLength;
      if (received > limit) {
        fail(new DomainError("too-large", BODY_TOO_LARGE, { reason: "BODY_TOO_LARGE" }));
        break;
      }
      if (!parser.write(value)) {
        await Promise.race([new Promise((resolve) => parser.once("drain", resolve)), settled]);
      }
    }
  } catch {
    fail(invalid());
    ended = true; // the stream failed: there is nothing left to read
  }
  if (!failure) await settled;
  if (!failure) {
    reader.releaseLock();
    return { fields, files };
  }
  parser.removeAllListeners("file");
  parser.destroy();
  if (received > limit) {
    // Over the route's limit: drop the connection (a sender that declared no length gets no more of our time).
    void reader.cancel().catch(() => undefined);
  } else {
    reader.releaseLock();
    if (!ended) discardRest(request.body, limit - received);
  }
  throw failure;
}

/** How long the rest of a refused upload is read and dropped before the connection is closed. */
const DISCARD_MS = 10_000;

/**
 * Reads and drops what is left of a refused body while the answer goes out. A server that closes a
 * connection with unread bytes in it resets it, and a sender still writing then sees a reset instead
 * of the answer (the 413 with its message). The rest is read only up to the route's limit and for
 * DISCARD_MS; past either the connection is dropped. Nothing read here is kept.
 */
function discardRest(body: ReadableStream<Uint8Array>, allowance: number): void {
  const reader = body.getReader();
  const timer = setTimeout(() => void reader.cancel().catch(() => undefined), DISCARD_MS);
  timer.unref();
  void (async () => {
    let left = allowance;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      left -= value.byteLength;
      if (left < 0) return void (await reader.cancel());
    }
  })()
    .catch(() => undefined)
    .finally(() => clearTimeout(timer));
}

/** The name shown back to the sender: the last path segment, no control characters, 120 characters at most. */
function cleanFilename(name: string | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return (clean || "file").slice(0, 120);
}
