import { Download, Upload } from "lucide-react";
import { useId, useState } from "react";
import { useRevalidator, useSearchParams } from "react-router";
import { toast } from "sonner";
import { SidePanel } from "~/components/ui/side-panel";
import { CSV_MAX_BYTES, type CsvAnswer, type ImportPlan } from "~/modules/product-admin/product-csv";

const CSV_PATH = "/admin/products/csv";
/** The list's filter parameters, which the export repeats (the panels' and the page's are left out). */
const FILTER_PARAMS = ["q", "category", "status"];

type Stage =
  | { step: "choose" }
  | { step: "checking" }
  | { step: "preview"; file: string; name: string; plan: ImportPlan; message: string }
  | { step: "importing"; file: string; name: string; plan: ImportPlan; message: string };

async function send(intent: "preview" | "import", file: string, token = ""): Promise<CsvAnswer> {
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
      setError("The file is larger than 10 MB. Split it and import each part.");
      return;
    }
    setStage({ step: "checking" });
    try {
      const text = await file.text();
      const answer = await send("preview", text);
      if (!answer.ok) {
        setError(answer.message);
        setStage({ step: "choose" });
        return;
      }
      setStage({ step: "preview", file: text, name: file.name, plan: answer.plan, message: answer.message });
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

  const plan = stage.step === "preview" || stage.step === "importing" ? stage.plan : null;
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
              disabled={!plan || plan.problems.length > 0 || writes === 0 || stage.step === "importing"}
              className="rounded-full bg-ink px-4 py-2 text-sm font-medium text-white disabled:opacity-50"
            >
              {stage.step === "importing"
                ? "Importing..."
                : `Import ${writes} ${writes === 1 ? "product" : "products"}`}
            </button>
          </>
        }
      >
        <p className="text-sm text-muted">
          Rows are matched to products by SKU: a known SKU updates that product, a new one creates a product. Columns
          left out keep their values. Start from an export to get the columns right. Nothing is written until you
          import, and then all rows are written or none.
        </p>
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
        {plan && (
          <section aria-label="Import preview" className="mt-4 space-y-4">
            <dl className="grid grid-cols-4 gap-2 text-center text-sm">
              {[
                ["Rows", plan.rows],
                ["New", plan.create],
                ["Changed", plan.update],
                ["Unchanged", plan.unchanged],
              ].map(([label, value]) => (
                <div key={label} className="rounded-lg border border-line p-2">
                  <dt className="text-muted">{label}</dt>
                  <dd className="text-lg font-semibold">{value}</dd>
                </div>
              ))}
            </dl>
            {plan.problems.length > 0 ? (
              <table className="w-full text-left text-sm">
                <caption className="mb-2 text-left font-medium text-red-800">
                  {plan.problems.length} {plan.problems.length === 1 ? "row has" : "rows have"} problems
                </caption>
                <thead className="text-xs uppercase text-muted">
                  <tr>
                    <th scope="col" className="py-1 pr-2">
                      Line
                    </th>
                    <th scope="col" className="py-1 pr-2">
                      SKU
                    </th>
                    <th scope="col" className="py-1 pr-2">
                      Column
                    </th>
                    <th scope="col" className="py-1">
                      Problem
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-line">
                  {plan.problems.flatMap((problem) =>
                    Object.entries(problem.errors).map(([column, message]) => (
                      <tr key={`${problem.line}-${column}`}>
                        <td className="py-1 pr-2 tabular-nums">{problem.line}</td>
                        <td className="py-1 pr-2">{problem.sku || "—"}</td>
                        <td className="py-1 pr-2">{column}</td>
                        <td className="py-1">{message}</td>
                      </tr>
                    )),
                  )}
                </tbody>
              </table>
            ) : (
              writes > 0 && (
                <ul aria-label="Changes" className="divide-y divide-line text-sm">
                  {plan.sample.map((change) => (
                    <li key={change.line} className="py-1.5">
                      <span className="font-medium">{change.action === "create" ? "New" : "Changed"}</span>{" "}
                      {change.name} <span className="text-muted">({change.sku})</span>
                      {change.action === "update" && <span className="text-muted"> — {change.fields.join(", ")}</span>}
                    </li>
                  ))}
                  {writes > plan.sample.length && (
                    <li className="py-1.5 text-muted">and {writes - plan.sample.length} more</li>
                  )}
                </ul>
              )
            )}
            {writes === 0 && plan.problems.length === 0 && <p className="text-sm">Every product is up to date.</p>}
          </section>
        )}
      </SidePanel>
    </>
  );
}
