import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState, type ClipboardEvent } from "react";
import { Link, useActionData, useFetcher, useNavigate } from "react-router";
import { toast } from "sonner";
import { useAnnounceOnce } from "~/components/ui/use-announce-once";
import { MEASUREMENTS } from "~/modules/fit/fit-types";
import {
  cellName,
  chartFormValues,
  newChartValues,
  sizeChartHref,
  SIZE_CHARTS_PATH,
  type ChartFormValues,
  type SizeChartAnswer,
} from "~/modules/fit/size-chart-form";
import { CHART_LIMITS, measurementLabel, parsePastedChart } from "~/modules/fit/size-chart-rules";
import type { EditorSizeChart } from "~/modules/product-admin/size-chart-admin.server";

const button =
  "inline-flex items-center gap-1.5 rounded-full border border-line bg-white px-3 py-1.5 text-sm font-medium hover:border-ink disabled:opacity-50";
const iconButton =
  "inline-flex size-8 items-center justify-center rounded-full border border-line bg-white hover:border-ink disabled:opacity-40";
const input = "h-9 w-full rounded-lg border border-line bg-white px-2 text-sm outline-none focus:border-ink";

/**
 * A size chart's editor (issue 29): its name, its table — sizes down, measurements across, values in
 * cm; rows and columns added, removed and moved; a table pasted from a spreadsheet into any cell or
 * into 'Paste from a spreadsheet' fills it — 'How to measure', and its deletion. One form posted to the
 * page's action, which checks everything again; without JavaScript the pasted text replaces the table
 * when saved.
 */
export function SizeChartEditor({ chart }: { chart: EditorSizeChart | null }) {
  // A save refused as stale reloads the chart: its new version opens a fresh form.
  return <ChartForm key={chart ? `${chart.id}:${chart.version}` : "new"} chart={chart} />;
}

function ChartForm({ chart }: { chart: EditorSizeChart | null }) {
  const fetcher = useFetcher<SizeChartAnswer>({ key: "size-chart-save" });
  const navigate = useNavigate();
  const posted = useActionData() as SizeChartAnswer | undefined;
  const latest = fetcher.data ?? posted;
  const answer = latest?.intent === "save" ? latest : undefined;
  const deleteAnswer = latest?.intent === "delete" ? latest : undefined;
  const busy = fetcher.state !== "idle";
  const [values, setValues] = useState<ChartFormValues>(
    () => posted?.values ?? (chart ? chartFormValues(chart) : newChartValues()),
  );
  const [paste, setPaste] = useState("");
  const [pasteError, setPasteError] = useState("");
  const problemsRef = useRef<HTMLDivElement>(null);
  const ids = useId();

  useAnnounceOnce(latest, (a) => (a.ok ? toast.success(a.message) : toast.error(a.message)));
  const createdId = !chart && answer?.ok ? answer.createdId : undefined;
  useEffect(() => {
    if (createdId && fetcher.state === "idle") navigate(sizeChartHref(createdId), { replace: true });
  }, [createdId, fetcher.state, navigate]);
  useEffect(() => {
    if (deleteAnswer?.ok && deleteAnswer.deleted) navigate(SIZE_CHARTS_PATH, { replace: true });
  }, [deleteAnswer, navigate]);
  useEffect(() => {
    if (answer && !answer.ok) problemsRef.current?.focus();
  }, [answer]);

  const { measurements, rows } = values;
  const set = (change: Partial<ChartFormValues>) => setValues((v) => ({ ...v, ...change }));
  const setCell = (r: number, c: number, value: string) =>
    set({
      rows: rows.map((row, i) => (i === r ? { ...row, values: row.values.map((v, j) => (j === c ? value : v)) } : row)),
    });
  const setSize = (r: number, size: string) => set({ rows: rows.map((row, i) => (i === r ? { ...row, size } : row)) });
  const addRow = () => set({ rows: [...rows, { size: "", values: measurements.map(() => "") }] });
  const removeRow = (r: number) => set({ rows: rows.filter((_, i) => i !== r) });
  const moveRow = (r: number, by: -1 | 1) => {
    const next = [...rows];
    [next[r], next[r + by]] = [next[r + by]!, next[r]!];
    set({ rows: next });
  };
  const unused = MEASUREMENTS.filter((m) => !measurements.includes(m));
  const addColumn = () => {
    if (unused.length === 0) return;
    set({
      measurements: [...measurements, unused[0]!],
      rows: rows.map((row) => ({ ...row, values: [...row.values, ""] })),
    });
  };
  const removeColumn = (c: number) =>
    set({
      measurements: measurements.filter((_, i) => i !== c),
      rows: rows.map((row) => ({ ...row, values: row.values.filter((_, i) => i !== c) })),
    });
  const setColumn = (c: number, m: string) => set({ measurements: measurements.map((old, i) => (i === c ? m : old)) });

  /** Text copied from a spreadsheet fills the whole table; false when it is not a table. */
  function fillFrom(text: string): boolean {
    const parsed = parsePastedChart(text);
    if (!parsed.ok) {
      setPasteError(parsed.message);
      return false;
    }
    setPasteError("");
    set({
      measurements: parsed.chart.measurements,
      rows: parsed.chart.rows.map((row) => ({ size: row.size, values: row.values.map(String) })),
    });
    toast.success(`Table filled: ${parsed.chart.rows.length} sizes × ${parsed.chart.measurements.length} measurements`);
    return true;
  }
  function onCellPaste(event: ClipboardEvent<HTMLInputElement>) {
    const text = event.clipboardData.getData("text/plain");
    // One value pastes as usual; a block of cells with its header row fills the table.
    if (!/[\t\n]/.test(text.trim())) return;
    event.preventDefault();
    fillFrom(text);
  }

  const problems = answer && !answer.ok ? (answer.problems.length > 0 ? answer.problems : [answer.message]) : [];
  const title = chart ? chart.name : "New size chart";

  return (
    <div className="container-page py-10 sm:py-12">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link to="/admin" className="hover:text-brand">
          Admin Dashboard
        </Link>{" "}
        /{" "}
        <Link to={SIZE_CHARTS_PATH} className="hover:text-brand">
          Size charts
        </Link>{" "}
        / {title}
      </nav>
      <h1 className="mt-3 font-display text-4xl font-semibold">{title}</h1>
      {chart && (
        <p className="mt-1 text-sm text-muted">
          Used by {chart.productCount} {chart.productCount === 1 ? "product" : "products"}.
        </p>
      )}

      <fetcher.Form method="post" noValidate className="mt-8 flex flex-col gap-6" aria-label="Size chart">
        <input type="hidden" name="intent" value="save" />
        {chart && <input type="hidden" name="version" value={chart.version} />}
        {problems.length > 0 && (
          <div
            ref={problemsRef}
            tabIndex={-1}
            role="alert"
            className="rounded-2xl border border-red-200 bg-red-50 p-4 text-sm text-red-900"
          >
            <p className="font-medium">The chart was not saved:</p>
            <ul className="mt-1 list-disc pl-5">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        )}

        <section className="rounded-2xl border border-line bg-white p-5">
          <label htmlFor={`${ids}-name`} className="block text-sm font-medium">
            Name
          </label>
          <p id={`${ids}-name-hint`} className="text-xs text-muted">
            The product type it is for, such as &apos;Men&apos;s tops&apos;. Shoppers see it as the chart&apos;s title.
          </p>
          <input
            id={`${ids}-name`}
            name="name"
            value={values.name}
            onChange={(e) => set({ name: e.target.value })}
            maxLength={CHART_LIMITS.name}
            required
            aria-describedby={`${ids}-name-hint`}
            className={`${input} mt-2 max-w-md`}
          />
        </section>

        <section aria-labelledby={`${ids}-table`} className="rounded-2xl border border-line bg-white p-5">
          <h2 id={`${ids}-table`} className="text-lg font-semibold">
            Measurements (cm)
          </h2>
          <p className="text-xs text-muted">
            Sizes in order, top to bottom; every value in centimetres, one decimal at most. Paste a table copied from a
            spreadsheet into any cell to fill it.
          </p>
          <div className="mt-4 overflow-x-auto">
            <table className="text-sm">
              <caption className="sr-only">Size chart table: sizes by measurements, in cm</caption>
              <thead>
                <tr>
                  <th scope="col" className="px-1 pb-2 text-left font-medium">
                    Size
                  </th>
                  {measurements.map((m, c) => (
                    <th key={`${c}-${m}`} scope="col" className="px-1 pb-2 text-left font-medium">
                      <div className="flex items-center gap-1">
                        <select
                          name="measurement"
                          value={m}
                          aria-label={`Column ${c + 1} measurement`}
                          onChange={(e) => setColumn(c, e.target.value)}
                          className={`${input} w-28`}
                        >
                          {MEASUREMENTS.filter((x) => x === m || !measurements.includes(x)).map((x) => (
                            <option key={x} value={x}>
                              {measurementLabel(x)}
                            </option>
                          ))}
                        </select>
                        <button
                          type="button"
                          onClick={() => removeColumn(c)}
                          disabled={measurements.length <= 1}
                          aria-label={`Remove column ${measurementLabel(m)}`}
                          className={iconButton}
                        >
                          <Trash2 className="size-3.5" aria-hidden />
                        </button>
                      </div>
                    </th>
                  ))}
                  <td className="px-1 pb-2">
                    <span className="sr-only">Row actions</span>
                  </td>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, r) => {
                  const label = row.size.trim() || `Row ${r + 1}`;
                  return (
                    <tr key={r}>
                      <th scope="row" className="px-1 py-1 font-normal">
                        <input
                          name="size"
                          value={row.size}
                          onChange={(e) => setSize(r, e.target.value)}
                          onPaste={onCellPaste}
                          maxLength={CHART_LIMITS.size}
                          aria-label={`Size, row ${r + 1}`}
                          className={`${input} w-20`}
                        />
                      </th>
                      {measurements.map((m, c) => (
                        <td key={`${c}-${m}`} className="px-1 py-1">
                          <input
                            name={cellName(r, c)}
                            value={row.values[c] ?? ""}
                            onChange={(e) => setCell(r, c, e.target.value)}
                            onPaste={onCellPaste}
                            inputMode="decimal"
                            autoComplete="off"
                            aria-label={`${label} ${measurementLabel(m)} (cm)`}
                            className={`${input} w-28 text-right tabular-nums`}
                          />
                        </td>
                      ))}
                      <td className="whitespace-nowrap px-1 py-1">
                        <span className="flex gap-1">
                          <button
                            type="button"
                            onClick={() => moveRow(r, -1)}
                            disabled={r === 0}
                            aria-label={`Move ${label} up`}
                            className={iconButton}
                          >
                            <ArrowUp className="size-3.5" aria-hidden />
                          </button>
                          <button
                            type="button"
                            onClick={() => moveRow(r, 1)}
                            disabled={r === rows.length - 1}
                            aria-label={`Move ${label} down`}
                            className={iconButton}
                          >
                            <ArrowDown className="size-3.5" aria-hidden />
                          </button>
                          <button
                            type="button"
                            onClick={() => removeRow(r)}
                            disabled={rows.length <= 1}
                            aria-label={`Remove ${label}`}
                            className={iconButton}
                          >
                            <Trash2 className="size-3.5" aria-hidden />
                          </button>
                        </span>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" onClick={addRow} disabled={rows.length >= CHART_LIMITS.rows} className={button}>
              <Plus className="size-4" aria-hidden /> Add size
            </button>
            <button
              type="button"
              onClick={addColumn}
              disabled={measurements.length >= CHART_LIMITS.measurements}
              className={button}
            >
              <Plus className="size-4" aria-hidden /> Add measurement
            </button>
          </div>

          <div className="mt-6">
            <label htmlFor={`${ids}-paste`} className="block text-sm font-medium">
              Paste from a spreadsheet
            </label>
            <p id={`${ids}-paste-hint`} className="text-xs text-muted">
              Copy the table with its header row (Size, then the measurements: Chest, Waist, Hip, Length, Inseam,
              Sleeve). Values in cm, or in inches when the header or the value says &apos;in&apos;. The pasted table
              replaces the one above.
            </p>
            <textarea
              id={`${ids}-paste`}
              name="paste"
              rows={4}
              value={paste}
              onChange={(e) => setPaste(e.target.value)}
              aria-describedby={`${ids}-paste-hint${pasteError ? ` ${ids}-paste-error` : ""}`}
              aria-invalid={pasteError ? true : undefined}
              className="mt-2 w-full max-w-2xl rounded-lg border border-line p-2 font-mono text-sm outline-none focus:border-ink"
            />
            {pasteError && (
              <p id={`${ids}-paste-error`} role="alert" className="mt-1 text-sm text-red-700">
                {pasteError}
              </p>
            )}
            <div className="mt-2">
              <button
                type="button"
                className={button}
                onClick={() => {
                  if (fillFrom(paste)) setPaste("");
                }}
              >
                Fill the table
              </button>
            </div>
          </div>
        </section>

        <section className="rounded-2xl border border-line bg-white p-5">
          <label htmlFor={`${ids}-how`} className="block text-sm font-medium">
            How to measure
          </label>
          <p id={`${ids}-how-hint`} className="text-xs text-muted">
            One step per line, shown with the chart. Left empty, shoppers see the shop&apos;s general advice.
          </p>
          <textarea
            id={`${ids}-how`}
            name="howToMeasure"
            rows={5}
            value={values.howToMeasure}
            onChange={(e) => set({ howToMeasure: e.target.value })}
            maxLength={CHART_LIMITS.howToMeasure}
            aria-describedby={`${ids}-how-hint`}
            className="mt-2 w-full max-w-2xl rounded-lg border border-line p-2 text-sm outline-none focus:border-ink"
          />
        </section>

        <div>
          <button
            type="submit"
            disabled={busy}
            aria-busy={busy}
            className="inline-flex h-11 items-center rounded-full bg-ink px-6 text-sm font-semibold text-white hover:bg-black disabled:opacity-60"
          >
            {busy ? "Saving…" : chart ? "Save chart" : "Create chart"}
          </button>
        </div>
      </fetcher.Form>

      {chart && <DeleteChart chart={chart} />}
    </div>
  );
}

/**
 * Deleting says what it does: a chart in use is removed from its products (their garment measurements
 * go with it). The form carries the count it said, so a delete after more products took the chart is
 * refused instead of doing more than it said.
 */
function DeleteChart({ chart }: { chart: EditorSizeChart }) {
  const fetcher = useFetcher<SizeChartAnswer>({ key: "size-chart-save" });
  const n = chart.productCount;
  const consequence =
    n === 0
      ? "No product uses this chart."
      : `Deleting it removes it from ${n} ${n === 1 ? "product" : "products"}, with their garment measurements; their pages show no size guide until they pick another chart.`;
  return (
    <section aria-labelledby="delete-chart-heading" className="mt-10 rounded-2xl border border-red-200 bg-white p-5">
      <h2 id="delete-chart-heading" className="text-lg font-semibold">
        Delete this chart
      </h2>
      <p className="mt-1 text-sm text-muted">{consequence}</p>
      <fetcher.Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="inUse" value={n} />
        <button
          type="submit"
          disabled={fetcher.state !== "idle"}
          className="inline-flex h-10 items-center gap-2 rounded-full border border-red-300 px-4 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60"
        >
          <Trash2 className="size-4" aria-hidden />
          {n === 0 ? "Delete chart" : `Delete chart and remove it from ${n} ${n === 1 ? "product" : "products"}`}
        </button>
      </fetcher.Form>
    </section>
  );
}
