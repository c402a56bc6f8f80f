import type {
  GeneralLedgerAccount,
  GeneralLedgerLine,
  GeneralLedger as Report,
} from "@keyholder/contracts/general-ledger";
import { ACCOUNT_TYPE_LABELS } from "@keyholder/contracts/ledger";
import { formatCents } from "@keyholder/contracts/money";
import { countOf } from "@keyholder/contracts/reports";
import { useQuery } from "@tanstack/react-query";
import { type ReadOnlyColumn, ReadOnlyTable } from "../../../components/ui/read-only-table.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { accountsQuery } from "../../../lib/ledger-accounts.ts";
import { type GeneralLedgerParams, generalLedgerQuery } from "../api/get-general-ledger.ts";
import { KeyFigures } from "./key-figures.tsx";
import { ReportScreen } from "./report-screen.tsx";

/** An account's table: its opening balance, its lines, its total and closing balance. */
type Line = GeneralLedgerLine | { label: string; posted_on: string; debit?: number; credit?: number; balance: number };
const linesOf = (g: Report) => g.accounts.reduce((s, a) => s + a.lines.length, 0);
const money = (cents: number | undefined) => (cents ? formatCents(cents) : "");
const columns: ReadOnlyColumn<Line>[] = [
  { header: "Date", cell: (l) => l.posted_on },
  { header: "Memo", cell: (l) => ("label" in l ? l.label : l.memo) },
  { header: "Entry", align: "right", cell: (l) => ("label" in l ? "" : l.entry_id) },
  { header: "Property", cell: (l) => ("label" in l ? "" : l.property_name) },
  { header: "Unit", cell: (l) => ("label" in l ? "" : l.unit_name) },
  { header: "Name", cell: (l) => ("label" in l ? "" : l.name) },
  { header: "Debit", align: "right", cell: (l) => money("label" in l ? l.debit : l.debit_cents) },
  { header: "Credit", align: "right", cell: (l) => money("label" in l ? l.credit : l.credit_cents) },
  { header: "Balance", align: "right", cell: (l) => formatCents("label" in l ? l.balance : l.balance_cents) },
];

function AccountLines({ report, a }: { report: Report; a: GeneralLedgerAccount }) {
  return (
    <ReadOnlyTable<Line>
      caption={`${a.account.code} ${a.account.name} (${ACCOUNT_TYPE_LABELS[a.account.type]})`}
      columns={columns}
      rows={[
        { label: "Opening balance", posted_on: report.from, balance: a.opening_cents },
        ...a.lines,
        {
          label: "Total and closing balance",
          posted_on: report.to,
          debit: a.debit_cents,
          credit: a.credit_cents,
          balance: a.closing_cents,
        },
      ]}
      isTotal={(l) => "label" in l}
    />
  );
}

/**
 * Reports > Financial > General ledger detail: each account's lines from one day to another
 * between its opening and closing balances, with the running balance; an account or all, a
 * property or all. The address keeps the parameters; downloads as CSV, Excel and PDF.
 */
export function GeneralLedger({
  params,
  onParamsChange,
}: {
  params: GeneralLedgerParams;
  onParamsChange(params: GeneralLedgerParams): void;
}) {
  const query = { from: params.from, to: params.to, account_id: params.account_id, property_id: params.property_id };
  const address = { ...query, account_id: query.account_id?.toString() };
  const chart = useQuery(accountsQuery);
  return (
    <ReportScreen
      report="general-ledger"
      address={address}
      query={generalLedgerQuery(query)}
      params={params}
      onChange={(change) => onParamsChange({ ...query, ...change })}
      span="month"
      fields={
        <SelectField
          label="Account"
          value={params.account_id?.toString() ?? ""}
          onChange={(v) => onParamsChange({ ...query, account_id: v ? Number(v) : undefined })}
          options={[
            { value: "", label: "All accounts" },
            ...(chart.data?.accounts ?? []).map((a) => ({
              value: String(a.id),
              label: `${a.code} ${a.name}`,
              group: ACCOUNT_TYPE_LABELS[a.type],
            })),
          ]}
        />
      }
      loading="the general ledger"
      status={(data) => {
        const lines = linesOf(data);
        return (
          <>
            {countOf(lines, "line")} from {data.from} to {data.to}
            {data.account ? `, ${data.account.code} ${data.account.name}` : ", all accounts"}
            {data.property ? `, ${data.property.name}` : ""}
          </>
        );
      }}
    >
      {(data) => {
        const lines = linesOf(data);
        return (
          <>
            <KeyFigures
              label="Key figures"
              figures={[
                { label: "Accounts", value: data.accounts.length.toLocaleString("en-US") },
                { label: "Lines", value: lines.toLocaleString("en-US") },
                { label: "Debits", value: formatCents(data.total_debit_cents) },
                { label: "Credits", value: formatCents(data.total_credit_cents) },
              ]}
            />
            {data.accounts.length ? (
              data.accounts.map((a) => <AccountLines key={a.account.id} report={data} a={a} />)
            ) : (
              <p className="text-sm text-slate-700 dark:text-slate-200">
                No account had a balance or a line from {data.from} to {data.to}.
              </p>
            )}
          </>
        );
      }}
    </ReportScreen>
  );
}
