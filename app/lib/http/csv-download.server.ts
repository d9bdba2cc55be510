import { stringify } from "csv-stringify/sync";
import { data } from "react-router";
import { log } from "~/lib/log.server";
import { errorAnswer } from "./error-answer.server";

const noStore = { "Cache-Control": "private, no-store" };

/**
 * A CSV download streamed batch by batch (UTF-8 with a BOM for spreadsheets), so a large export never
 * sits in memory at once. The first batch is read before answering: a database that is away is an error
 * page (503), not a cut-off download. `row` is where each text cell is kept from running as a formula.
 */
export async function csvDownload<T>(
  request: Request,
  options: {
    batches: AsyncGenerator<T[], unknown, unknown>;
    columns: readonly string[];
    row: (item: T) => unknown[];
    fileName: string;
    /** The log's and the error answer's name for it, e.g. "admin-orders-export". */
    where: string;
  },
): Promise<Response> {
  const { batches, columns, row, fileName, where } = options;
  let first: IteratorResult<T[], unknown>;
  try {
    first = await batches.next();
  } catch (error) {
    const { status, message } = errorAnswer(error, request, { where });
    throw data(message, { status, headers: noStore });
  }
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\ufeff${stringify([[...columns]])}`));
      if (first.done) controller.close();
      else controller.enqueue(encoder.encode(stringify(first.value.map(row))));
    },
    async pull(controller) {
      try {
        const next = await batches.next();
        if (next.done) return controller.close();
        controller.enqueue(encoder.encode(stringify(next.value.map(row))));
      } catch (error) {
        log.error({ err: error }, `[${where}] failed`);
        controller.error(error);
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      ...noStore,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
    },
  });
}
