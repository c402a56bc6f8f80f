import { todayIn } from "@keyholder/contracts/civil-date";
import { useQuery } from "@tanstack/react-query";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { TabPage } from "../../../components/ui/tab-page.tsx";
import { organizationSettingsQuery } from "../../../lib/organization-settings.ts";
import type { TableTabProps } from "../../../lib/tab-handlers.ts";
import { AccountingPeriods } from "./accounting-periods.tsx";
import { BalanceSheet } from "./balance-sheet.tsx";
import { ChargeRuns } from "./charge-runs.tsx";
import { ChartOfAccounts } from "./chart-of-accounts.tsx";
import { Diagnostics } from "./diagnostics.tsx";
import { JournalEntries } from "./journal-entries.tsx";
import { TrialBalance } from "./trial-balance.tsx";

/**
 * Accounting > General Ledger: the journal (entries written by hand, reversals), the trial balance,
 * the balance sheet,
 * the chart of accounts (administrators shape it), the books' diagnostics (administrators), the
 * accounting periods (administrators close and reopen them) and the charge runs (administrators run
 * them and follow them), days in the organization's time zone.
 */
export function GeneralLedger({ can }: TableTabProps) {
  const settings = useQuery(organizationSettingsQuery);
  if (!settings.data) return <Spinner label="Loading the general ledger" />;
  const today = todayIn(settings.data.time_zone);
  const manage = can("accounting.manage");
  return (
    <TabPage>
      <h2 className="mb-4 text-lg font-semibold text-slate-800 dark:text-slate-100">General Ledger</h2>
      <section aria-labelledby="ledger-journal" className="mb-8">
        <h3 id="ledger-journal" className="mb-2 font-semibold">
          Journal entries
        </h3>
        <JournalEntries today={today} canPost={can("ledger.post")} />
      </section>
      <section aria-labelledby="ledger-trial-balance" className="mb-8">
        <h3 id="ledger-trial-balance" className="mb-2 font-semibold">
          Trial balance
        </h3>
        <TrialBalance today={today} />
      </section>
      <section aria-labelledby="ledger-balance-sheet" className="mb-8">
        <h3 id="ledger-balance-sheet" className="mb-2 font-semibold">
          Balance sheet
        </h3>
        <BalanceSheet today={today} />
      </section>
      {manage ? (
        <section aria-labelledby="ledger-charge-runs" className="mb-8">
          <h3 id="ledger-charge-runs" className="mb-2 font-semibold">
            Charge runs
          </h3>
          <ChargeRuns today={today} />
        </section>
      ) : null}
      <section aria-labelledby="ledger-accounts" className="mb-8">
        <h3 id="ledger-accounts" className="mb-2 font-semibold">
          Chart of accounts
        </h3>
        <ChartOfAccounts canEdit={manage} />
      </section>
      {manage ? (
        <section aria-labelledby="ledger-diagnostics" className="mb-8">
          <h3 id="ledger-diagnostics" className="mb-2 font-semibold">
            Diagnostics
          </h3>
          <Diagnostics />
        </section>
      ) : null}
      <section aria-labelledby="ledger-periods" className="mb-8">
        <h3 id="ledger-periods" className="mb-2 font-semibold">
          Accounting periods
        </h3>
        <AccountingPeriods today={today} canClose={manage} />
      </section>
    </TabPage>
  );
}
