import { isCivilDate } from "@keyholder/contracts/civil-date";
import { DOCUMENT_SOURCES, type JournalEntry, ledgerMessages } from "@keyholder/contracts/ledger";
import { formatCents } from "@keyholder/contracts/money";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { DatePicker } from "../../../components/ui/date-picker.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { toast } from "../../../components/ui/toast.tsx";
import { accountsQuery } from "../../../lib/ledger-accounts.ts";
import { trialBalanceKey } from "../api/accounting.ts";
import { journalEntriesKey, journalEntriesQuery } from "../api/get-journal-entries.ts";
import { reverseJournalEntry } from "../api/reverse-journal-entry.ts";
import { JournalEntryDialog } from "./journal-entry-dialog.tsx";
import { JournalEntrySummary } from "./journal-entry-summary.tsx";

/** Reverse is offered once, never on a reversal, nor on a bank deposit (its receipts are in it). */
const reversible = (e: JournalEntry) =>
  !e.reversed_by_entry_id && !e.reverses_entry_id && !DOCUMENT_SOURCES.includes(e.source);

/**
 * The journal, newest first, 20 entries at a time (of one account, between two days, when asked):
 * each with its lines, and Reverse for one not yet
 * reversed (a posted entry never changes: the reversal is a new entry of the opposite amounts).
 * Those who post to the books also write entries by hand.
 */
export function JournalEntries({ today, canPost }: { today: string; canPost: boolean }) {
  const queryClient = useQueryClient();
  const accounts = useQuery(accountsQuery);
  const [account, setAccount] = useState("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  // A day half typed asks nothing until it is a day; the range is sent only the right way round.
  const day = (d: string) => (isCivilDate(d) ? d : undefined);
  const range = day(from) && day(to) && from > to ? {} : { from: day(from), to: day(to) };
  const query = useInfiniteQuery(journalEntriesQuery({ account_id: account ? Number(account) : undefined, ...range }));
  const [writing, setWriting] = useState(false);
  const [reversing, setReversing] = useState<JournalEntry | null>(null);
  const posted = () =>
    Promise.all(
      [journalEntriesKey, trialBalanceKey, accountsQuery.queryKey].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  const reverse = useMutation({
    mutationFn: (entry: JournalEntry) => reverseJournalEntry(entry.id),
    onSuccess: async (reversal, entry) => {
      setReversing(null);
      toast({ title: `Entry ${entry.id} reversed by entry ${reversal.id}, dated ${reversal.posted_on}` });
      await posted();
    },
    onError: () => setReversing(null),
  });
  const entries = query.data?.pages.flatMap((p) => p.entries) ?? [];
  const filtered = Boolean(account || from || to);
  return (
    <div className="flex max-w-4xl flex-col gap-3">
      {canPost ? (
        <div>
          <Button onPress={() => setWriting(true)}>New Journal Entry</Button>
        </div>
      ) : null}
      <fieldset className="grid gap-3 sm:grid-cols-[minmax(14rem,2fr)_1fr_1fr]">
        <legend className="sr-only">Show entries</legend>
        <SelectField
          label="Account"
          value={account}
          onChange={setAccount}
          options={[
            { value: "", label: "All accounts" },
            ...(accounts.data?.accounts ?? []).map((a) => ({ value: String(a.id), label: `${a.code} ${a.name}` })),
          ]}
        />
        <DatePicker label="From" value={from} onChange={setFrom} />
        <DatePicker
          label="To"
          value={to}
          onChange={setTo}
          errors={day(from) && day(to) && from > to ? [ledgerMessages.dateRange] : undefined}
        />
      </fieldset>
      {reverse.isError ? <Alert>{reverse.error.message}</Alert> : null}
      {query.isPending ? <Spinner label="Loading journal entries" /> : null}
      {query.isError ? <Alert>{query.error.message}</Alert> : null}
      {query.isSuccess && entries.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {filtered ? "No entry matches these filters." : "Nothing posted yet."}
        </p>
      ) : null}
      {entries.length > 0 ? (
        <ol aria-label="Journal entries" className="flex flex-col gap-3">
          {entries.map((e) => (
            <li key={e.id} className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
              <JournalEntrySummary
                entry={e}
                action={
                  canPost && reversible(e) ? (
                    <Button variant="secondary" onPress={() => setReversing(e)}>
                      Reverse<span className="sr-only"> entry {e.id}</span>
                    </Button>
                  ) : null
                }
              />
            </li>
          ))}
        </ol>
      ) : null}
      {query.hasNextPage ? (
        <div>
          <Button variant="secondary" isPending={query.isFetchingNextPage} onPress={() => void query.fetchNextPage()}>
            Show older entries
          </Button>
        </div>
      ) : null}
      {writing ? (
        <JournalEntryDialog
          today={today}
          onPosted={(entry) => {
            setWriting(false);
            toast({ title: `Entry ${entry.id} posted: ${formatCents(entry.total_cents)} on ${entry.posted_on}` });
            void posted();
          }}
          onClose={() => setWriting(false)}
        />
      ) : null}
      <ConfirmDialog
        isOpen={reversing !== null}
        title={`Reverse entry ${reversing?.id ?? ""}?`}
        message="A new entry of the opposite amounts is posted on the same day (today, if that month is closed). The original stays in the books."
        confirmLabel="Reverse Entry"
        isPending={reverse.isPending}
        onConfirm={() => reversing && reverse.mutate(reversing)}
        onCancel={() => setReversing(null)}
      />
    </div>
  );
}
