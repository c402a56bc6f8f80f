import { addMonths, monthEnd, monthName, monthStart, todayIn } from "@keyholder/contracts/civil-date";
import {
  REPORT_BASES,
  type ReportBasis,
  reportBasisLabels,
  STATEMENT_COLUMNS,
  type IncomeStatement as Statement,
  type StatementColumns,
  statementColumnsLabels,
} from "@keyholder/contracts/income-statement";
import { formatCents } from "@keyholder/contracts/money";
import type { RelatedItem } from "@keyholder/contracts/related-items";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { RecordPicker } from "../../../components/record-picker/record-picker.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { type ReadOnlyColumn, ReadOnlyTable } from "../../../components/ui/read-only-table.tsx";
import { ReportDownloads } from "../../../components/ui/report-downloads.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { TabPage } from "../../../components/ui/tab-page.tsx";
import { organizationSettingsQuery } from "../../../lib/organization-settings.ts";
import { reportFileUrl } from "../../../lib/report-file-url.ts";
import { incomeStatementQuery } from "../api/get-income-statement.ts";
import { ownersQuery } from "../api/get-owners.ts";

interface Line {
  label: string;
  /** The period's amount in each of the statement's columns (months, years, properties, owners). */
  split: number[];
  amount: number;
  prior: number;
  total?: true;
}

const periodLabel = (start: string, end: string) =>
  monthStart(start) === monthStart(end) ? monthName(start) : `${monthName(start)} to ${monthName(end)}`;

/** A column's heading: a month keeps its year on its line, so a narrow column breaks a span at "to". */
const heading = (label: string) => label.replace(/ (\d{4})\b/g, "\u00a0$1");

/** The statement read down: income, its total, expenses, their total, the net. */
function linesOf(s: Statement): Line[] {
  const of = (type: "income" | "expense"): Line[] =>
    s.rows
      .filter((r) => r.account.type === type)
      .map((r) => ({
        label: `${r.account.code} ${r.account.name}`,
        split: r.columns_cents,
        amount: r.amount_cents,
        prior: r.prior_cents,
      }));
  const t = s.column_totals;
  return [
    ...of("income"),
    { label: "Total income", split: t.income_cents, amount: s.income_cents, prior: s.prior_income_cents, total: true },
    ...of("expense"),
    {
      label: "Total expenses",
      split: t.expenses_cents,
      amount: s.expenses_cents,
      prior: s.prior_expenses_cents,
      total: true,
    },
    {
      label: "Net income",
      split: t.net_income_cents,
      amount: s.net_income_cents,
      prior: s.prior_net_income_cents,
      total: true,
    },
  ];
}

/**
 * Accounting > P&L: income and expenses by account for a month or months, on the accrual or the
 * cash basis, for the organization, a property or an owner's properties, set out by month, year,
 * property or owner when asked, beside the months just before and the change; downloadable as CSV,
 * Excel or PDF.
 */
export function IncomeStatement() {
  const settings = useQuery(organizationSettingsQuery);
  const owners = useQuery(ownersQuery);
  const today = settings.data ? todayIn(settings.data.time_zone) : null;
  const months = today ? Array.from({ length: 36 }, (_, back) => addMonths(monthStart(today), -back)) : [];
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [basis, setBasis] = useState<ReportBasis>("accrual");
  const [property, setProperty] = useState<RelatedItem | null>(null);
  const [ownerId, setOwnerId] = useState("");
  const [split, setSplit] = useState<StatementColumns>("period");
  const start = from ?? months[0] ?? "";
  const last = to && to >= start ? to : start;
  const params = {
    period_start: start,
    period_end: start ? monthEnd(last) : "",
    basis,
    property_id: property ? String(property.id) : undefined,
    owner_id: ownerId || undefined,
    columns: split,
  };
  const statement = useQuery({ ...incomeStatementQuery(params), enabled: Boolean(start) });
  const s = statement.data;
  const columns: ReadOnlyColumn<Line>[] = s
    ? [
        // Room for two words ("Total expenses") when the months' amounts crowd a narrow screen.
        { header: "Account", cell: (l) => <span className="block min-w-36">{l.label}</span> },
        ...s.column_heads.map(
          (h, i): ReadOnlyColumn<Line> => ({
            header: heading(h.label),
            align: "right",
            cell: (l) => formatCents(l.split[i] ?? 0),
          }),
        ),
        {
          header: s.column_heads.length > 0 ? "Total" : heading(periodLabel(s.period_start, s.period_end)),
          align: "right",
          cell: (l) => formatCents(l.amount),
        },
        {
          header: heading(periodLabel(s.prior_start, s.prior_end)),
          align: "right",
          cell: (l) => formatCents(l.prior),
        },
        { header: "Change", align: "right", cell: (l) => formatCents(l.amount - l.prior) },
      ]
    : [];
  const monthOptions = months.map((m) => ({ value: m, label: monthName(m) }));
  return (
    <TabPage>
      <h2 className="mb-4 text-lg font-semibold text-slate-800 dark:text-slate-100">Profit and loss</h2>
      <div className="flex max-w-5xl flex-col gap-3">
        <div className="grid gap-3 sm:grid-cols-3">
          <SelectField label="From" value={start} onChange={setFrom} options={monthOptions} />
          <SelectField
            label="To"
            value={last}
            onChange={setTo}
            options={monthOptions.filter((m) => m.value >= start)}
          />
          <SelectField
            label="Basis"
            value={basis}
            onChange={(v) => setBasis(v as ReportBasis)}
            options={REPORT_BASES.map((b) => ({ value: b, label: reportBasisLabels[b] }))}
            description={basis === "cash" ? "Rent and fees when tenants paid them." : "Income when charged."}
          />
          <RecordPicker label="Property" source={{ list: "properties" }} value={property} onChange={setProperty} />
          <SelectField
            label="Owner"
            value={ownerId}
            onChange={setOwnerId}
            options={[
              { value: "", label: "All owners" },
              ...(owners.data?.owners ?? []).map((o) => ({ value: o.id, label: o.name })),
            ]}
          />
          <SelectField
            label="Set out"
            value={split}
            onChange={(v) => setSplit(v as StatementColumns)}
            options={STATEMENT_COLUMNS.map((c) => ({ value: c, label: statementColumnsLabels[c] }))}
            description={split === "owner" ? "Each owner's column holds their properties' whole amounts." : undefined}
          />
          <div className="flex items-end">
            {start ? <ReportDownloads url={(f) => reportFileUrl("income-statement", params, f)} /> : null}
          </div>
        </div>
        {statement.isPending && start ? <Spinner label="Loading the profit and loss" /> : null}
        {statement.isError ? <Alert>{statement.error.message}</Alert> : null}
        {s ? (
          <>
            <p role="status" className="text-sm text-slate-800 dark:text-slate-100">
              Net income {periodLabel(s.period_start, s.period_end)}: {formatCents(s.net_income_cents)} (
              {reportBasisLabels[s.basis].toLowerCase()} basis
              {s.property ? `, ${s.property.name}` : ""}
              {s.owner ? `, ${s.owner.name}'s properties` : ""})
            </p>
            <ReadOnlyTable
              label="Profit and loss"
              columns={columns}
              rows={linesOf(s)}
              rowKey={(l) => l.label}
              isTotal={(l) => Boolean(l.total)}
            />
          </>
        ) : null}
      </div>
    </TabPage>
  );
}
