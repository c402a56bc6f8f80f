import { todayIn } from "@keyholder/contracts/civil-date";
import { formatCents, moneyMessages, parseDollars } from "@keyholder/contracts/money";
import type { Form1099 } from "@keyholder/contracts/tax-forms";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { DownloadLink } from "../../../components/ui/download-link.tsx";
import { type ReadOnlyColumn, ReadOnlyTable } from "../../../components/ui/read-only-table.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { TabPage } from "../../../components/ui/tab-page.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { toast } from "../../../components/ui/toast.tsx";
import { organizationSettingsQuery } from "../../../lib/organization-settings.ts";
import { form1099CsvUrl, form1099Query } from "../api/get-form-1099.ts";
import { set1099Threshold } from "../api/set-1099-threshold.ts";

const columns: ReadOnlyColumn<Form1099>[] = [
  { header: "Form", cell: (f) => `1099-${f.form} box ${f.box}` },
  { header: "Payee", cell: (f) => f.name },
  { header: "Kind", cell: (f) => (f.payee_type === "vendor" ? "Vendor" : "Owner") },
  { header: "Legal name", cell: (f) => f.legal_name ?? "" },
  { header: "TIN", cell: (f) => (f.taxpayer_id_last4 ? `•••${f.taxpayer_id_last4}` : "Missing") },
  { header: "Amount", align: "right", cell: (f) => formatCents(f.amount_cents) },
];

/**
 * Accounting > 1099s: a tax year's forms (vendors' non-card payments on 1099-NEC, owners' rents on
 * 1099-MISC) at or over the year's threshold, which the administrator can set, those under it
 * apart, and the CSV a filing service takes.
 */
export function TaxForms1099() {
  const queryClient = useQueryClient();
  const settings = useQuery(organizationSettingsQuery);
  // The organization's year: on New Year's Eve in Honolulu it is already next year in the browser of a manager in London.
  const thisYear = Number(
    todayIn(settings.data?.time_zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone).slice(0, 4),
  );
  const [chosen, setYear] = useState<number | null>(null);
  const year = chosen ?? thisYear;
  const [threshold, setThreshold] = useState("");
  const [thresholdError, setThresholdError] = useState<string[] | undefined>();
  const summary = useQuery({ ...form1099Query(year), enabled: settings.data !== undefined });
  const save = useMutation({
    mutationFn: (cents: number) => set1099Threshold(year, cents),
    onSuccess: (saved) => {
      setThreshold("");
      toast({ title: `The ${saved.year} threshold is ${formatCents(saved.threshold_cents)}` });
      void queryClient.invalidateQueries({ queryKey: ["tax-forms-1099", year] });
    },
    onError: (err) => toast({ title: err.message, tone: "error" }),
  });
  const missing = summary.data?.forms.filter((f) => !f.taxpayer_id_last4).length ?? 0;
  return (
    <TabPage>
      <h2 className="mb-4 text-lg font-semibold text-slate-800 dark:text-slate-100">1099s</h2>
      <div className="flex max-w-5xl flex-col gap-3">
        <div className="flex flex-wrap items-end gap-3">
          <div className="w-40">
            <SelectField
              label="Tax year"
              value={String(year)}
              onChange={(v) => setYear(Number(v))}
              options={[0, 1, 2, 3].map((back) => ({ value: String(thisYear - back), label: String(thisYear - back) }))}
            />
          </div>
          <DownloadLink href={form1099CsvUrl(year)}>Download CSV</DownloadLink>
        </div>
        {summary.isPending ? <Spinner label="Adding up the year's payments" /> : null}
        {summary.isError ? <Alert>{summary.error.message}</Alert> : null}
        {summary.data ? (
          <>
            <form
              aria-label="Threshold"
              className="flex flex-wrap items-end gap-3"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                const cents = parseDollars(threshold);
                if (cents === null) return setThresholdError([moneyMessages.dollars]);
                setThresholdError(undefined);
                save.mutate(cents);
              }}
            >
              <div className="w-56">
                <TextField
                  label={`Threshold for ${year}`}
                  inputMode="decimal"
                  value={threshold}
                  onChange={setThreshold}
                  errors={thresholdError}
                  description={`Now ${formatCents(summary.data.threshold_cents)}`}
                />
              </div>
              <Button type="submit" variant="secondary" isPending={save.isPending}>
                Set Threshold
              </Button>
            </form>
            {missing ? (
              <Alert>{`${missing} payee${missing === 1 ? " has" : "s have"} no taxpayer id: ask for their W-9 before filing.`}</Alert>
            ) : null}
            <ReadOnlyTable
              label={`1099s for ${year}`}
              columns={columns}
              rows={summary.data.forms}
              rowKey={(f) => `${f.form}-${f.payee_id}`}
              empty={`No payee reached ${formatCents(summary.data.threshold_cents)} in ${year}.`}
            />
            {summary.data.under_threshold.length ? (
              <ReadOnlyTable
                caption="Under the threshold: not filed"
                columns={columns}
                rows={summary.data.under_threshold}
                rowKey={(f) => `${f.form}-${f.payee_id}`}
              />
            ) : null}
          </>
        ) : null}
      </div>
    </TabPage>
  );
}
