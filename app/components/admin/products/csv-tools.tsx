import { Download, Upload } from "lucide-react";
import { useId, useState } from "react";
import { href, useRevalidator, useSearchParams } from "react-router";
import { toast } from "sonner";
import { SidePanel } from "~/components/ui/side-panel";
import { CSV_MAX_BYTES, problemText, type CsvAnswer, type ImportPlan } from "~/modules/product-admin/product-csv";

const CSV_PATH = href("/admin/products/csv");
/** The list's filter parameters, which the export repeats (the panels' and the page's are left out). */
const FILTER_PARAMS = ["q", "category", "status"];

type Stage =
  | { step: "choose" }
  | { step: "checking" }
  | { step: "preview"; file: ArrayBuffer; name: string; plan: ImportPlan; message: string }
  | { step: "importing"; file: ArrayBuffer; name: string; plan: ImportPlan; message: string };

/** The file goes as its bytes: the server decodes them (UTF-8, or Windows-1252 as Excel saves "CSV"). */
async function send(intent: "preview" | "import", file: ArrayBuffer, token = ""): Promise<CsvAnswer> {
  const res = await fetch(`${CSV_PATH}?intent=${intent}&token=${encodeURIComponent(token)}`, {
    method: "POST",
    headers: { "content-type": "text/csv" },
    body: file,
  });
  if (!res.headers.get("content-type")?.includes("json")) {
    return { ok: false, intent, message: "Failed to import products" };
  }
  return (await res.json()) as CsvAnswer;
}

/**
 * The product CSV's two controls on /admin/products: Export CSV (the products the list's filter
 * matches) and Import CSV, a side panel that previews a file — what it would create and change, and
 * every row's problems — before anything is written, then imports all rows or none.
 */
export function CsvTools() {
  const [params] = useSearchParams();
  const [open, setOpen] = useState(false);
  const [stage, setStage] = useState<Stage>({ step: "choose" });
  const [error, setError] = useState<string | null>(null);
  const revalidator = useRevalidator();
  const inputId = useId();

  const filter = new URLSearchParams();
  for (const name of FILTER_PARAMS) {
    const value = params.get(name);
    if (value) filter.set(name, value);
  }
  const exportHref = filter.size > 0 ? `${CSV_PATH}?${filter}` : CSV_PATH;

  function close() {
    if (stage.step === "checking" || stage.step === "importing") return;
    setOpen(false);
    setStage({ step: "choose" });
    setError(null);
  }

  async function preview(fileList: FileList | null) {
    const file = fileList?.[0];
    if (!file) return;
    setError(null);
    if (file.size > CSV_MAX_BYTES) {
      setError(`The file is larger than ${CSV_MAX_BYTES / 1024 / 1024} MB. Split it and import each part.`);
      return;
    }
    setStage({ step: "checking" });
    try {
      const bytes = await file.arrayBuffer();
      const answer = await send("preview", bytes);
      if (!answer.ok) {
        setError(answer.message);
        setStage({ step: "choose" });
        return;
      }
      setStage({ step: "preview", file: bytes, name: file.name, plan: answer.plan, message: answer.message });
    } catch {
      setError("Failed to import products");
      setStage({ step: "choose" });
    }
  }

  async function runImport() {
    if (stage.step !== "preview") return;
    setStage({ ...stage, step: "importing" });
    try {
      const answer = await send("import", stage.file, stage.plan.token);
      if (answer.ok) {
        toast.success(answer.message);
        void revalidator.revalidate();
        setOpen(false);
        setStage({ step: "choose" });
        return;
      }
      setError(answer.message);
      setStage(answer.plan ? { ...stage, step: "preview", plan: answer.plan } : { ...stage, step: "preview" });
    } catch {
      setError("Failed to import products");
      setStage({ ...stage, step: "preview" });
    }
  }

  const shown = stage.step === "preview" || stage.step === "importing" ? stage : null;
  const plan = shown?.plan ?? null;
  const writes = plan ? plan.create + plan.update : 0;

  return (
    <>
      <a
        href={exportHref}
        download
        className="inline-flex items-center gap-2 rounded-full border border-line bg-white px-4 py-2 text-sm font-medium hover:bg-stone-50"
      >
        <Download className="size-4" aria-hidden />
        Export CSV
      </a>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="inline-flex items-center gap-2 rounded-full border border-line bg-white px-4 py-2 text-sm font-medium hover:bg-stone-50"
      >
        <Upload className="size-4" aria-hidden />
        Import CSV
      </button>
      <SidePanel
        open={open}
        title="Import products from CSV"
        onRequestClose={close}
        footer={
          <>
            <button
              type="button"
              onClick={close}
              className="rounded-full border border-line px-4 py-2 text-sm font-medium hover:bg-stone-50"
            >
              Cancel
            </button>
            <button
              type="button"
              onClick={() => void runImport()}
              disabled={!plan || plan.problemCount > 0 || writes === 0 || stage.step === "importing"}
              className="rounded-full bg-ink px-4 py-2 text-sm font-medium text-white disabled:opacity-50"
            >
              {stage.step === "importing"
                ? "Importing..."
                : `Import ${writes} ${writes === 1 ? "product" : "products"}`}
            </button>
          </>
        }
      >
        <div className="space-y-2 text-sm text-muted">
          <p>
            One row per size and colour. A product&apos;s first row holds its fields; its other rows repeat only its
            slug and give their own size, color, variant_sku, stock, variant_price and barcode. A known slug or SKU
            updates that product, a new one creates a product. Columns left out keep their values.
          </p>
          <p>
            Start from an export to get the columns right. Files with one row per product and an inventory column still
            import: a new product gets the inventory on its first size. Nothing is written until you import, and then
            all rows are written or none.
          </p>
        </div>
        <div className="mt-5">
          <label htmlFor={inputId} className="text-sm font-medium">
            CSV file
          </label>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            disabled={stage.step === "checking" || stage.step === "importing"}
            onChange={(event) => void preview(event.currentTarget.files)}
            className="mt-2 block w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-stone-100 file:px-4 file:py-2 file:text-sm file:font-medium"
          />
        </div>
        <div aria-live="polite" className="mt-4 text-sm">
          {stage.step === "checking" && <p>Checking the file...</p>}
        </div>
        {error && (
          <p role="alert" className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        )}
        {shown && <ImportPreview plan={shown.plan} message={shown.message} />}
      </SidePanel>
    </>
  );
}

const number = (n: number) => n.toLocaleString("en-US");

/** The preview of a file: its figures, then every problem by row, or the first changes. */
function ImportPreview({ plan, message }: { plan: ImportPlan; message: string }) {
  const writes = plan.create + plan.update;
  const figures: Array<[string, number]> = [
    ["Rows", plan.rows],
    ["New", plan.create],
    ["Changed", plan.update],
    ["Unchanged", plan.unchanged],
    ["Variants", plan.variants],
    ["In stock", plan.stock],
  ];
  return (
    <section aria-label="Import preview" className="mt-4 space-y-4">
      <p className="text-sm">{message}</p>
      <dl className="grid grid-cols-3 gap-2 text-center text-sm">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-line p-2">
            <dt className="text-muted">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{number(value)}</dd>
          </div>
        ))}
      </dl>
      {plan.problemCount > 0 ? (
        <div>
          <h3 id="csv-problems" className="mb-2 font-medium text-red-800">
            {plan.problemCount === 1 ? "1 problem" : `${number(plan.problemCount)} problems`}: nothing is imported until
            they are fixed
          </h3>
          <ul aria-labelledby="csv-problems" className="divide-y divide-line text-sm">
            {plan.problems.map((problem, i) => (
              <li key={`${problem.row}-${problem.column ?? ""}-${i}`} className="py-1">
                {problemText(problem)}
              </li>
            ))}
            {plan.problemCount > plan.problems.length && (
              <li className="py-1 text-muted">
                and {number(plan.problemCount - plan.problems.length)} more (fix these and preview again)
              </li>
            )}
          </ul>
        </div>
      ) : (
        writes > 0 && (
          <ul aria-label="Changes" className="divide-y divide-line text-sm">
            {plan.sample.map((change) => (
              <li key={change.row} className="py-1.5">
                <span className="font-medium">{change.action === "create" ? "New" : "Changed"}</span> {change.name}{" "}
                <span className="text-muted">
                  ({change.sku}; {change.variants === 1 ? "1 variant" : `${number(change.variants)} variants`},{" "}
                  {number(change.stock)} in stock)
                </span>
                {change.action === "update" && <span className="text-muted"> — {change.fields.join(", ")}</span>}
              </li>
            ))}
            {writes > plan.sample.length && (
              <li className="py-1.5 text-muted">and {number(writes - plan.sample.length)} more</li>
            )}
          </ul>
        )
      )}
      {writes === 0 && plan.problemCount === 0 && <p className="text-sm">Every product is up to date.</p>}
    </section>
  );
}
