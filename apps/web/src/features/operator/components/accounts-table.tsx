import {
  OPERATOR_ACCOUNT_FILTERS,
  OPERATOR_ACCOUNTS_LIMIT,
  type OperatorAccount,
  operatorMessages,
} from "@keyholder/contracts/operator";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useDeferredValue, useState } from "react";
import { Tab, TabList, Tabs } from "react-aria-components";
import { Alert } from "../../../components/ui/alert.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { type AccountFilter, accountsQuery } from "../api/get-accounts.ts";
import { setBanned } from "../api/set-banned.ts";

const filterLabels: Record<AccountFilter, string> = { all: "All", unverified: "Email not confirmed", banned: "Banned" };
const date = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString("en-US", { dateStyle: "medium" }) : "Never";

/**
 * Every organization's accounts for the operator (issue item 19): who has not confirmed their
 * email, who is banned; a ban signs the account out and keeps it out until it is lifted.
 */
export function AccountsTable() {
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<AccountFilter>("all");
  const [search, setSearch] = useState("");
  const q = useDeferredValue(search.trim());
  const query = useQuery(accountsQuery(filter, q));
  const [banning, setBanning] = useState<OperatorAccount | null>(null);
  const standing = useMutation({
    mutationFn: setBanned,
    onSuccess: async () => {
      setBanning(null);
      await queryClient.invalidateQueries({ queryKey: ["operator", "accounts"] });
    },
  });

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <Tabs selectedKey={filter} onSelectionChange={(key) => setFilter(key as AccountFilter)}>
          <TabList aria-label="Accounts shown" className="flex gap-1 border-b border-slate-200 dark:border-slate-800">
            {OPERATOR_ACCOUNT_FILTERS.map((f) => (
              <Tab
                key={f}
                id={f}
                className="cursor-pointer rounded-t-lg px-4 py-2 text-sm font-medium outline-none selected:border-b-2 selected:border-brand-700 selected:text-brand-800 focus-visible:ring-2 focus-visible:ring-brand-500 dark:selected:text-brand-100"
              >
                {filterLabels[f]}
              </Tab>
            ))}
          </TabList>
        </Tabs>
        <div className="w-full sm:w-72">
          <TextField label="Find an account" type="search" value={search} onChange={setSearch} maxLength={200} />
        </div>
      </div>
      {standing.isError ? (
        <div className="mt-3">
          <Alert>{standing.error.message}</Alert>
        </div>
      ) : null}
      <div className="mt-3">
        {query.isPending ? (
          <Spinner label="Loading accounts" />
        ) : query.isError ? (
          <Alert>{query.error.message}</Alert>
        ) : query.data.accounts.length === 0 ? (
          <p className="py-8 text-center text-slate-500 dark:text-slate-400">No accounts.</p>
        ) : (
          <>
            <div className="overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Accounts: {filterLabels[filter]}</caption>
                <thead className="bg-slate-100 text-xs uppercase text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                  <tr>
                    <th className="px-3 py-2">Account</th>
                    <th className="px-3 py-2">Organization</th>
                    <th className="px-3 py-2">Email</th>
                    <th className="px-3 py-2">Last login</th>
                    <th className="px-3 py-2">Standing</th>
                  </tr>
                </thead>
                <tbody>
                  {query.data.accounts.map((a) => (
                    <tr
                      key={`${a.organization_id}/${a.user_id}`}
                      className="border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
                    >
                      <td className="px-3 py-2">
                        <div className="font-medium">{a.name}</div>
                        <div className="text-xs text-slate-600 dark:text-slate-400">{a.username}</div>
                      </td>
                      <td className="px-3 py-2">
                        {a.organization_name}
                        <div className="text-xs text-slate-600 dark:text-slate-400">{a.role}</div>
                      </td>
                      <td className="px-3 py-2">
                        {a.email_verified ? (
                          <Badge tone="positive">Confirmed</Badge>
                        ) : (
                          <Badge tone="warning">Not confirmed</Badge>
                        )}
                      </td>
                      <td className="px-3 py-2">{date(a.last_login)}</td>
                      <td className="px-3 py-2">
                        {a.is_operator ? (
                          <span className="text-slate-600 dark:text-slate-400">Operator</span>
                        ) : a.banned ? (
                          <div className="flex flex-wrap items-center gap-2">
                            <Badge tone="warning">Banned</Badge>
                            <Button
                              variant="secondary"
                              aria-label={`Lift the ban on ${a.username}`}
                              isDisabled={standing.isPending}
                              onPress={() => standing.mutate({ account: a, banned: false })}
                            >
                              Lift ban
                            </Button>
                          </div>
                        ) : (
                          <Button variant="secondary" aria-label={`Ban ${a.username}`} onPress={() => setBanning(a)}>
                            Ban
                          </Button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {query.data.total > query.data.accounts.length ? (
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
                The newest {OPERATOR_ACCOUNTS_LIMIT} of {query.data.total.toLocaleString("en-US")} accounts; search to
                find others.
              </p>
            ) : null}
          </>
        )}
      </div>
      <ConfirmDialog
        isOpen={banning !== null}
        title="Ban this account?"
        message={banning ? operatorMessages.banConfirm(banning.username) : ""}
        confirmLabel="Ban"
        isPending={standing.isPending}
        onConfirm={() => banning && standing.mutate({ account: banning, banned: true })}
        onCancel={() => setBanning(null)}
      />
    </>
  );
}
