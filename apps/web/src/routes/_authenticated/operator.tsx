import { operatorMessages, WAITLIST_STATUSES } from "@keyholder/contracts/operator";
import { createFileRoute } from "@tanstack/react-router";
import { Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import { Alert } from "../../components/ui/alert.tsx";
import { AccountsTable } from "../../features/operator/components/accounts-table.tsx";
import { OperatorHeader } from "../../features/operator/components/operator-header.tsx";
import { OutboxList } from "../../features/operator/components/outbox-list.tsx";
import { WaitlistTable } from "../../features/operator/components/waitlist-table.tsx";
import { useAuth } from "../../lib/auth/auth-context.tsx";

export const Route = createFileRoute("/_authenticated/operator")({ component: OperatorPage });

const labels = { waitlisted: "Waitlisted", approved: "Approved", rejected: "Rejected" } as const;

function OperatorPage() {
  const { session } = useAuth();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <OperatorHeader />
      <main className="mx-auto w-full max-w-6xl flex-1 p-6">
        <h1 className="text-2xl font-bold">Waitlist review</h1>
        {!session?.user.is_operator ? (
          <div className="mt-4">
            <Alert>{operatorMessages.notOperator}</Alert>
          </div>
        ) : (
          <>
            <Tabs className="mt-4">
              <TabList
                aria-label="Organizations by status"
                className="flex gap-1 border-b border-slate-200 dark:border-slate-800"
              >
                {WAITLIST_STATUSES.map((s) => (
                  <Tab
                    key={s}
                    id={s}
                    className="cursor-pointer rounded-t-lg px-4 py-2 text-sm font-medium outline-none selected:border-b-2 selected:border-brand-700 selected:text-brand-800 focus-visible:ring-2 focus-visible:ring-brand-500 dark:selected:text-brand-100"
                  >
                    {labels[s]}
                  </Tab>
                ))}
              </TabList>
              {WAITLIST_STATUSES.map((s) => (
                <TabPanel key={s} id={s} className="pt-4">
                  <WaitlistTable status={s} />
                </TabPanel>
              ))}
            </Tabs>
            <h2 className="mt-10 mb-3 text-lg font-semibold">Accounts</h2>
            <AccountsTable />
            <h2 className="mt-10 mb-3 text-lg font-semibold">Outbox</h2>
            <OutboxList />
          </>
        )}
      </main>
    </div>
  );
}
