import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { CsvSyntaxError, readCsvRecords } from "~/modules/product-admin/csv-records";

/** What csv-parse answers with the options the import used before (records, or the records read before an error). */
function csvParse(text: string): string[][] | { records: number } {
  try {
    return parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false }) as string[][];
  } catch (error) {
    return { records: (error as { records: number }).records };
  }
}

function read(text: string): string[][] | { records: number } {
  try {
    return readCsvRecords(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { records: error.records };
    throw error;
  }
}

describe("readCsvRecords", () => {
  it("reads cells, quoted cells with commas, doubled quotes and line breaks, and a leading BOM", () => {
    expect(readCsvRecords('\ufeffslug,name\ntee,"Tee, ""classic""\nwith two lines"\n')).toEqual([
      ["slug", "name"],
      ["tee", 'Tee, "classic"\nwith two lines'],
    ]);
  });

  it("keeps a blank line as a record of one empty cell, and records of any length", () => {
    expect(readCsvRecords("a,b\n\n1\n1,2,3\n,\n")).toEqual([["a", "b"], [""], ["1"], ["1", "2", "3"], ["", ""]]);
  });

  it("takes the first line break as the file's: \\r\\n, \\n or \\r", () => {
    expect(readCsvRecords("a,b\r\n1,2\r\n")).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
    expect(readCsvRecords("a,b\r1,2")).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
    // Another line break than the file's is a character of its cell, as csv-parse reads it.
    expect(readCsvRecords("a\n\r\n1")).toEqual([["a"], ["\r"], ["1"]]);
  });

  it("answers no record for an empty text", () => {
    expect(readCsvRecords("")).toEqual([]);
    expect(readCsvRecords("\ufeff")).toEqual([]);
  });

  it("refuses a quote that is not closed, a quote inside a cell, and text after a closing quote, with the records read before", () => {
    expect(read('a\n1\n"unclosed\n2')).toEqual({ records: 2 });
    expect(read('a\nab"c,d')).toEqual({ records: 1 });
    expect(read('a\n"ab"c,d')).toEqual({ records: 1 });
    expect(read('a\n"ab" ,d')).toEqual({ records: 1 });
  });

  it("reads every short text as csv-parse does (records, or where it stops)", () => {
    const alphabet = ["a", ",", '"', "\n", "\r", "\r\n", "é", " "];
    // A fixed pseudo-random sequence, so that a failure can be replayed.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let k = 0; k < 20_000; k++) {
      let text = next(10) === 0 ? "\ufeff" : "";
      for (let i = next(12); i > 0; i--) text += alphabet[next(alphabet.length)];
      expect(read(text), JSON.stringify(text)).toEqual(csvParse(text));
    }
  });
});
