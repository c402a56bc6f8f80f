import { formatCents } from "@keyholder/contracts/money";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Alert } from "../../../components/ui/alert.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { formatDate } from "../../../lib/format.ts";
import { residentLeaseQuery } from "../api/lease.ts";
import { residentLedgerQuery, residentStatementUrl } from "../api/ledger.ts";
import { ResidentSecurity } from "./resident-security.tsx";
import { useChosenLease } from "./use-chosen-lease.ts";

const card = "rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900";
const RECENT = 6;

/** Home: the lease, what is owed now, the latest ledger rows and the statement. */
export function ResidentHome() {
  const chosen = useChosenLease();
  const lease = useQuery(residentLeaseQuery(chosen));
  const ledger = useQuery(residentLedgerQuery(chosen));
  if (lease.isPending) return <Spinner />;
  if (lease.isError) return <Alert>{lease.error.message}</Alert>;
  const l = lease.data;
  const owed = l.balance_cents;
  const recent = (ledger.data?.rows ?? []).slice(-RECENT).reverse();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold tracking-tight">Home</h1>
      <section aria-labelledby="balance-title" className={card}>
        <h2 id="balance-title" className="text-sm font-medium text-slate-600 dark:text-slate-400">
          {owed < 0 ? "Your credit" : "Balance due"}
        </h2>
        <p className="mt-1 text-3xl font-bold" data-testid="resident-balance">
          {formatCents(Math.abs(owed))}
        </p>
        <a
          href={residentStatementUrl(chosen)}
          download
          className="mt-3 inline-block rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Download statement
        </a>
      </section>
      <section aria-labelledby="lease-title" className={card}>
        <h2 id="lease-title" className="text-lg font-semibold">
          Lease {l.lease_no}
        </h2>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-600 dark:text-slate-400">Home</dt>
          <dd>
            {l.property_name}
            {l.unit_names ? `, ${l.unit_names}` : ""}
          </dd>
          <dt className="text-slate-600 dark:text-slate-400">Term</dt>
          <dd>
            {formatDate(l.start_date)} to {l.end_date ? formatDate(l.end_date) : "month to month"}
          </dd>
          <dt className="text-slate-600 dark:text-slate-400">Rent</dt>
          <dd>
            {formatCents(l.rent_cents)} a month, due on day {l.due_day}
          </dd>
          <dt className="text-slate-600 dark:text-slate-400">On the lease</dt>
          <dd>{l.parties.map((p) => p.name).join(", ")}</dd>
        </dl>
      </section>
      <section aria-labelledby="ledger-title" className={card}>
        <div className="flex items-baseline justify-between gap-3">
          <h2 id="ledger-title" className="text-lg font-semibold">
            Recent activity
          </h2>
          <Link
            to="/resident/ledger"
            search={{ lease: chosen }}
            className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-100"
          >
            Whole ledger
          </Link>
        </div>
        {ledger.isError ? <Alert>{ledger.error.message}</Alert> : null}
        {recent.length === 0 && ledger.isSuccess ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Nothing posted yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
            {recent.map((r) => (
              <li key={r.entry_id} className="flex items-baseline justify-between gap-3 py-2 text-sm">
                <span className="min-w-0">
                  <span className="block truncate">{r.description}</span>
                  <span className="text-slate-600 dark:text-slate-400">{formatDate(r.posted_on)}</span>
                </span>
                <span className="shrink-0 text-right tabular-nums">
                  {r.charge_cents ? formatCents(r.charge_cents) : `-${formatCents(r.payment_cents)}`}
                  <span className="block text-xs text-slate-600 dark:text-slate-400">
                    Balance {formatCents(r.balance_cents)}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ResidentSecurity />
    </div>
  );
}
