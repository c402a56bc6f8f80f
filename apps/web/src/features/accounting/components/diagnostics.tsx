import type { DiagnosticCode } from "@keyholder/contracts/diagnostics";
import { useQuery } from "@tanstack/react-query";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { diagnosticsQuery } from "../api/get-diagnostics.ts";
import { nightlyDiagnosticsQuery } from "../api/get-nightly-diagnostics.ts";

const TITLES: Record<DiagnosticCode, string> = {
  negative_trust_cash: "Negative trust cash",
  negative_owner_trust_cash: "Owner's trust money negative",
  deposits_not_in_escrow: "Deposits not in escrow",
  clearing_not_zero: "Clearing account not at zero",
  trust_cash_of_no_property: "Trust cash of no property",
  trust_cash_without_owner: "Trust cash with no owner",
  receivables_not_tenants: "Receivables differ from tenant balances",
  deposits_not_on_leases: "Deposits held on no lease",
  unbalanced_period: "Unbalanced month",
};

/** Where to look next, in words: the property, the account, or the month to read in the journal. */
function lookAt(p: {
  code: DiagnosticCode;
  owner: { name: string } | null;
  property: { name: string } | null;
  account: { code: string; name: string } | null;
  period_start: string | null;
}) {
  if (p.owner) return `Look at ${p.owner.name}'s properties under Property > By Owner: a contribution covers it.`;
  if (p.property && p.code === "trust_cash_without_owner") {
    return `Give ${p.property.name} its owners under Property > By Owner, or move its money out of trust.`;
  }
  if (p.property) return `Look at ${p.property.name}'s trust postings in the journal.`;
  if (p.account) return `Show the journal of ${p.account.code} ${p.account.name} to see what is left in it.`;
  if (p.period_start) return `Read the journal from ${p.period_start}.`;
  if (p.code === "trust_cash_of_no_property")
    return "Filter Transactions by the trust account: the lines without a property.";
  if (p.code === "deposits_not_on_leases")
    return "Open Reports > Deposit Register: the amount on no lease shows below the leases.";
  return null;
}

const at = (iso: string) => new Date(iso).toLocaleString("en-US");

/** One line on the last nightly check: when, and what it found. */
function LastNightly() {
  const nightly = useQuery(nightlyDiagnosticsQuery);
  const last = nightly.data?.last;
  if (nightly.data === undefined) return null;
  const found = last?.problems.length ?? 0;
  return (
    <p className="text-sm text-slate-700 dark:text-slate-200">
      {last
        ? `Last nightly check: ${at(last.checked_at)}, ${found === 0 ? "no problems" : found === 1 ? "1 problem" : `${found} problems`}.`
        : "The books are checked every night once something is posted; no nightly check yet."}
    </p>
  );
}

/**
 * The books checked now (administrators): each problem with what it is, by how much and where to
 * look, or "No problems found" with the time of the check. Check again after a correction. The
 * nightly check's last finding is said above it.
 */
export function Diagnostics() {
  const query = useQuery(diagnosticsQuery);
  return (
    <div className="flex max-w-4xl flex-col gap-3">
      <LastNightly />
      <div>
        <Button variant="secondary" isPending={query.isFetching} onPress={() => void query.refetch()}>
          Check again
        </Button>
      </div>
      {query.isPending ? <Spinner label="Checking the books" /> : null}
      {query.isError ? <Alert>{query.error.message}</Alert> : null}
      {query.data ? (
        query.data.problems.length === 0 ? (
          <Alert tone="success">No problems found · checked at {at(query.data.checked_at)}</Alert>
        ) : (
          <>
            <p className="text-sm text-slate-700 dark:text-slate-200">
              {query.data.problems.length} {query.data.problems.length === 1 ? "problem" : "problems"} found · checked
              at {at(query.data.checked_at)}
            </p>
            <ul aria-label="Problems found" className="flex flex-col gap-2">
              {query.data.problems.map((p) => (
                <li
                  key={`${p.code}-${p.owner?.id ?? p.property?.id ?? p.account?.id ?? p.period_start ?? ""}`}
                  className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
                >
                  <p className="font-semibold">{TITLES[p.code]}</p>
                  <p>{p.message}</p>
                  {lookAt(p) ? <p className="mt-1">{lookAt(p)}</p> : null}
                </li>
              ))}
            </ul>
          </>
        )
      ) : null}
    </div>
  );
}
