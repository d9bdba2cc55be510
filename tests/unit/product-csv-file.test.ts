import { describe, expect, it } from "vitest";
import { isDomainError } from "~/lib/domain-error";
import { CSV_MESSAGES, problemText } from "~/modules/product-admin/product-csv";
import { readProductFile } from "~/modules/product-admin/product-csv-file";

const header = "slug,sku,name,price,size,color,variant_sku,stock";

function failure(text: string): string {
  try {
    readProductFile(text);
  } catch (error) {
    if (isDomainError(error)) return error.message;
    throw error;
  }
  throw new Error("the file was read");
}

describe("readProductFile", () => {
  it("groups rows by handle: the first row holds the product, each row a variant", () => {
    const file = readProductFile(
      [
        header,
        "tee,TEE,Tee,20.00,S,Black,TEE-S-BLK,3",
        "tee,,,,M,Black,TEE-M-BLK,0",
        "cap,CAP,Cap,10.00,,,CAP,7",
        "tee,,,,L,Black,,5",
      ].join("\n"),
    );
    expect(file.shape).toBe("variants");
    expect(file.problems).toEqual([]);
    expect(file.rows).toBe(4);
    expect(
      file.products.map((p) => [p.row, p.handle, p.sku, p.variants.map((v) => [v.row, v.size, v.sku, v.stock])]),
    ).toEqual([
      [
        2,
        "tee",
        "TEE",
        [
          [2, "S", "TEE-S-BLK", 3],
          [3, "M", "TEE-M-BLK", 0],
          [5, "L", null, 5],
        ],
      ],
      [4, "cap", "CAP", [[4, "", "CAP", 7]]],
    ]);
  });

  it("numbers rows as a spreadsheet does, through a BOM, Windows line endings, blank rows and quoted line breaks", () => {
    const text = `\ufeff${header}\r\ntee,TEE,"Tee\r\nwith a long name",20.00,S,,,3\r\n\r\n,,,,,,,\r\ntee,,,,M,,,x\r\n`;
    const file = readProductFile(text);
    expect(file.rows).toBe(2);
    expect(file.products[0]!.cells.name).toBe("Tee\r\nwith a long name");
    expect(file.problems.map(problemText)).toEqual(["Row 5: stock must be a whole number ≥ 0"]);
  });

  it("lists every row's own problem, not just the first", () => {
    const file = readProductFile(
      [
        header,
        "tee,TEE,Tee,20.00,S,Black,TEE-S,3",
        "tee,,,,S,Black,TEE-S2,1", // the same option twice
        "tee,,Other name,,M,Black,TEE-M,1", // a product field on a following row that differs
        "tee,,Tee,,L,Black,TEE-L,-2", // the same name is fine; the stock is not
        ",,,,XL,Black,TEE-XL,1", // no handle or SKU
        "tee,TEE,Tee,20.00,XL,,TEE-XL,1", // a colour missing where the others have one
        "tee,,,,XXL,Black,TEE XXL,1.5",
        "hat,HAT,Hat,5.00,,,HAT", // a cell short
      ].join("\n"),
    );
    expect(file.problems.map(problemText)).toEqual([
      "Row 3: size 'S' and color 'Black' of this product is already on row 2",
      `Row 4: ${CSV_MESSAGES.continuationDiffers(["name"], 2)}`,
      "Row 5: stock must be a whole number ≥ 0",
      `Row 6: ${CSV_MESSAGES.keyRequired}`,
      `Row 7: ${CSV_MESSAGES.mixedOption("color", 2)}`,
      "Row 8: variant_sku must not contain spaces",
      "Row 8: stock must be a whole number ≥ 0",
      "Row 9: the row has 7 cells; the header has 8",
    ]);
  });

  it("reads the old one-row-per-product file: inventory per product, a product twice is a problem", () => {
    const file = readProductFile(
      ["sku,name,price,inventory,sizes", "TEE,Tee,20.00,12,S | M", "CAP,Cap,9.00,-1,", "TEE,Tee again,1.00,1,"].join(
        "\r\n",
      ),
    );
    expect(file.shape).toBe("products");
    expect(file.products.map((p) => [p.row, p.sku, p.inventory, p.variants])).toEqual([
      [2, "TEE", 12, []],
      [3, "CAP", undefined, []],
    ]);
    expect(file.problems.map(problemText)).toEqual([
      "Row 3: inventory must be a whole number ≥ 0",
      `Row 4: ${CSV_MESSAGES.duplicateProduct(2)}`,
    ]);
  });

  it("refuses a file that is not a product CSV with one clear message", () => {
    expect(failure("name,price\nTee,10")).toBe(CSV_MESSAGES.noKey);
    expect(failure('sku,name\nA,ok\n"unclosed,quote\nB,x\n')).toBe(CSV_MESSAGES.notCsvAt(3));
    expect(failure("sku,name\n\n,\n")).toBe(CSV_MESSAGES.noRows);
    expect(failure("")).toBe(CSV_MESSAGES.noRows);
  });
});
