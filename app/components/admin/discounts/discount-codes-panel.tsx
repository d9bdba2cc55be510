import { Download } from "lucide-react";
import { useRef } from "react";
import { CheckboxField, primaryButton, secondaryButton, TextField } from "~/components/ui/field";
import type { DiscountEditorData } from "~/modules/promotions/discount-admin.server";
import { discountCodesCsvHref } from "~/modules/promotions/discount-admin-query";
import { BULK_MAX, CODE_MAX, PREFIX_MAX } from "~/modules/promotions/discount-codes";
import { Card } from "./discount-fields";
import { useDiscountWrite } from "./use-discount-write";

/**
 * A code discount's codes: add one as typed, generate many (crypto-random, unambiguous, optionally with
 * a prefix and single-use), export them all with their uses as CSV, and remove one no order used. The
 * first 100 are listed; the CSV has every one.
 */
export function DiscountCodesPanel({ editor }: { editor: DiscountEditorData }) {
  const { codes, discount } = editor;
  const addForm = useRef<HTMLFormElement>(null);
  const add = useDiscountWrite("discount-add-code", ["add-code"], (answer) => {
    if (answer.ok) addForm.current?.reset();
  });
  const generate = useDiscountWrite("discount-generate-codes", ["generate-codes"]);
  const remove = useDiscountWrite("discount-remove-code", ["remove-code"]);

  return (
    <Card title={`Codes (${codes.total.toLocaleString("en-US")})`} description="Shoppers may type a code in any case.">
      <add.fetcher.Form ref={addForm} method="post" noValidate className="flex flex-wrap items-start gap-3">
        <input type="hidden" name="intent" value="add-code" />
        <TextField
          name="code"
          label="New code"
          maxLength={CODE_MAX}
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          className="min-w-[12rem] flex-1 [&_input]:font-mono"
          error={add.errors.code}
        />
        <button type="submit" className={`${secondaryButton} sm:mt-7`} disabled={add.busy} aria-busy={add.busy}>
          Add code
        </button>
      </add.fetcher.Form>

      <generate.fetcher.Form method="post" noValidate className="rounded-xl border border-line p-4">
        <fieldset className="flex min-w-0 flex-col gap-4">
          <legend className="mb-1 text-sm font-semibold">Generate codes in bulk</legend>
          <input type="hidden" name="intent" value="generate-codes" />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              name="count"
              label="How many"
              defaultValue="50"
              inputMode="numeric"
              required
              error={generate.errors.count}
              hint={`Up to ${BULK_MAX.toLocaleString("en-US")} at a time.`}
            />
            <TextField
              name="prefix"
              label="Prefix"
              maxLength={PREFIX_MAX}
              optional
              autoCapitalize="characters"
              spellCheck={false}
              error={generate.errors.prefix}
              hint="Such as WELCOME: codes read WELCOME-7KQ2M9XP."
            />
          </div>
          <CheckboxField
            id="discount-single-use"
            name="singleUse"
            label="Each code can be used once (sets this discount's uses per code to 1, for all its codes)"
            defaultChecked={discount.codeUsageLimit === null || discount.codeUsageLimit === 1}
          />
          <div>
            <button type="submit" className={primaryButton} disabled={generate.busy} aria-busy={generate.busy}>
              {generate.busy ? "Generating…" : "Generate codes"}
            </button>
          </div>
        </fieldset>
      </generate.fetcher.Form>

      {codes.total === 0 ? (
        <p className="text-sm text-muted">No codes yet: shoppers cannot use this discount until it has one.</p>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted">
              {codes.total > codes.rows.length
                ? `The first ${codes.rows.length} of ${codes.total.toLocaleString("en-US")} codes; the CSV has them all.`
                : `${codes.total.toLocaleString("en-US")} code${codes.total === 1 ? "" : "s"}.`}
            </p>
            <a
              href={discountCodesCsvHref(discount.id)}
              download
              className="inline-flex items-center gap-2 rounded-full border border-line px-4 py-2 text-sm font-medium hover:border-ink"
            >
              <Download className="size-4" aria-hidden /> Export codes (CSV)
            </a>
          </div>
          <div className="max-h-96 overflow-auto rounded-xl border border-line">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Codes of this discount</caption>
              <thead className="sticky top-0 border-b border-line bg-white text-xs uppercase tracking-wider text-muted">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Code
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Uses
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {codes.rows.map((code) => (
                  <tr key={code.id} data-testid="discount-code">
                    <th scope="row" className="px-3 py-2 text-left font-mono font-normal">
                      {code.code}
                    </th>
                    <td className="px-3 py-2 text-right tabular-nums">{code.usageCount.toLocaleString("en-US")}</td>
                    <td className="px-3 py-2 text-right">
                      {code.usageCount === 0 && (
                        <remove.fetcher.Form method="post">
                          <input type="hidden" name="intent" value="remove-code" />
                          <input type="hidden" name="codeId" value={code.id} />
                          <button
                            type="submit"
                            aria-label={`Remove code ${code.code}`}
                            disabled={remove.busy}
                            className="text-xs font-medium text-muted underline underline-offset-2 hover:text-red-700"
                          >
                            Remove
                          </button>
                        </remove.fetcher.Form>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Card>
  );
}
