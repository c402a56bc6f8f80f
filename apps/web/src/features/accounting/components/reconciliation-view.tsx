import { ENTRY_SOURCE_LABELS } from "@keyholder/contracts/ledger";
import { formatCents } from "@keyholder/contracts/money";
import {
  RECONCILIATION_STATUS_LABELS,
  type ReconciliationDetail,
  type ReconciliationItem,
  type ReconciliationLine,
} from "@keyholder/contracts/reconciliations";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import type { ReadOnlyColumn } from "../../../components/ui/read-only-table.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { TableSection } from "../../../components/ui/table-section.tsx";
import { toast } from "../../../components/ui/toast.tsx";
import { autoMatch } from "../api/auto-match.ts";
import { cancelReconciliation } from "../api/cancel-reconciliation.ts";
import { completeReconciliation } from "../api/complete-reconciliation.ts";
import { createMatch } from "../api/create-match.ts";
import { deleteMatch } from "../api/delete-match.ts";
import { bankAccountsQuery } from "../api/get-bank-accounts.ts";
import { RECONCILIATIONS_QUERY_KEY, reconciliationQuery } from "../api/get-reconciliations.ts";
import { setCleared } from "../api/set-cleared.ts";
import { BankLinePostDialog } from "./bank-line-post-dialog.tsx";

const sum = (rows: readonly { amount_cents: number }[]) => rows.reduce((s, r) => s + r.amount_cents, 0);
const toggled = <T,>(set: ReadonlySet<T>, value: T, on: boolean) => {
  const next = new Set(set);
  if (on) next.add(value);
  else next.delete(value);
  return next;
};

/**
 * One reconciliation: the statement's balance against the cleared balance with the live difference,
 * the bank's lines beside the books' items. Items are ticked as cleared (those up to the end date
 * come ticked); bank lines are matched to items (Auto-Match, or chosen on both sides when their sums
 * agree), and a line the books lack is posted from it. Finished at a zero difference, then read-only.
 */
export function ReconciliationView({ id, canPost, onClose }: { id: string; canPost: boolean; onClose(): void }) {
  const queryClient = useQueryClient();
  const query = useQuery(reconciliationQuery(id));
  const [lineChoice, setLineChoice] = useState<ReadonlySet<number>>(new Set());
  const [itemChoice, setItemChoice] = useState<ReadonlySet<number>>(new Set());
  const [posting, setPosting] = useState<ReconciliationLine | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const show = (detail: ReconciliationDetail) => {
    queryClient.setQueryData(reconciliationQuery(id).queryKey, detail);
    void queryClient.invalidateQueries({
      queryKey: [RECONCILIATIONS_QUERY_KEY, detail.reconciliation.bank_account.id],
    });
  };
  const change = useMutation({
    mutationFn: (work: () => Promise<ReconciliationDetail>) => work(),
    onSuccess: (detail) => {
      setLineChoice(new Set());
      setItemChoice(new Set());
      show(detail);
    },
    onError: (err) => toast({ title: err.message, tone: "error" }),
  });
  const auto = useMutation({
    mutationFn: () => autoMatch(id),
    onSuccess: ({ matched, detail }) => {
      show(detail);
      toast({
        title: matched
          ? `${matched} bank ${matched === 1 ? "line" : "lines"} matched`
          : "No bank line has one clear match: choose them by hand",
        tone: matched ? "success" : "info",
      });
    },
    onError: (err) => toast({ title: err.message, tone: "error" }),
  });
  const finish = useMutation({
    mutationFn: () => completeReconciliation(id),
    onSuccess: (detail) => {
      show(detail);
      toast({ title: `Reconciliation to ${detail.reconciliation.statement_end_date} completed` });
    },
    onError: (err) => toast({ title: err.message, tone: "error" }),
  });
  const cancel = useMutation({
    mutationFn: () => cancelReconciliation(id),
    onSuccess: () => {
      setCancelling(false);
      void queryClient.invalidateQueries({ queryKey: [RECONCILIATIONS_QUERY_KEY] });
      toast({ title: "Reconciliation cancelled" });
      onClose();
    },
    onError: (err) => {
      setCancelling(false);
      toast({ title: err.message, tone: "error" });
    },
  });

  if (query.isPending) return <Spinner label="Loading the reconciliation" />;
  if (query.isError) return <Alert>{query.error.message}</Alert>;
  const { reconciliation: rec, items, lines } = query.data;
  const open = rec.status === "in_progress" && canPost;
  const busy = change.isPending || auto.isPending || finish.isPending;
  const chosenLines = lines.filter((l) => lineChoice.has(l.id));
  const chosenItems = items.filter((i) => itemChoice.has(i.entry_id));
  const canMatch = chosenLines.length > 0 && chosenItems.length > 0 && sum(chosenLines) === sum(chosenItems) && !busy;

  const lineColumns: ReadOnlyColumn<ReconciliationLine>[] = [
    { header: "Date", cell: (l) => <span className="whitespace-nowrap">{l.posted_on}</span> },
    {
      header: "Description",
      cell: (l) => `${l.description}${l.reference ? ` (${l.reference})` : ""}`,
    },
    {
      header: "Amount",
      align: "right",
      cell: (l) => <span className="whitespace-nowrap tabular-nums">{formatCents(l.amount_cents)}</span>,
    },
    {
      header: "Status",
      cell: (l) =>
        l.match_id ? (
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone="positive">Matched</Badge>
            {open ? (
              <Button
                variant="secondary"
                isDisabled={busy}
                onPress={() => change.mutate(() => deleteMatch(id, l.match_id ?? ""))}
              >
                Unmatch<span className="sr-only"> {`${l.posted_on} ${l.description}`}</span>
              </Button>
            ) : null}
          </span>
        ) : open ? (
          <Button variant="secondary" isDisabled={busy} onPress={() => setPosting(l)}>
            Post<span className="sr-only"> {`${l.posted_on} ${l.description}`}</span>
          </Button>
        ) : (
          <Badge tone="warning">Not matched</Badge>
        ),
    },
  ];
  if (open) {
    lineColumns.unshift({
      header: "Choose",
      hideHeader: true,
      cell: (l) =>
        l.match_id ? null : (
          <Checkbox isSelected={lineChoice.has(l.id)} onChange={(on) => setLineChoice((s) => toggled(s, l.id, on))}>
            <span className="sr-only">{`Choose bank line ${l.posted_on} ${l.description} ${formatCents(l.amount_cents)}`}</span>
          </Checkbox>
        ),
    });
  }

  // Entries' memos say what they are ("Bank deposit of 2 receipts"); the kind stands in for none.
  const itemText = (i: ReconciliationItem) => i.memo || ENTRY_SOURCE_LABELS[i.source];
  const itemColumns: ReadOnlyColumn<ReconciliationItem>[] = [
    {
      header: "Cleared",
      cell: (i) =>
        open ? (
          <Checkbox
            isSelected={i.cleared}
            isDisabled={busy || Boolean(i.match_id)}
            onChange={(on) => change.mutate(() => setCleared(id, { entry_ids: [i.entry_id], cleared: on }))}
          >
            <span className="sr-only">{`Cleared: ${i.posted_on} ${itemText(i)} ${formatCents(i.amount_cents)}`}</span>
          </Checkbox>
        ) : i.cleared ? (
          "✓"
        ) : (
          ""
        ),
    },
    { header: "Date", cell: (i) => <span className="whitespace-nowrap">{i.posted_on}</span> },
    { header: "Item", cell: itemText },
    {
      header: "Amount",
      align: "right",
      cell: (i) => <span className="whitespace-nowrap tabular-nums">{formatCents(i.amount_cents)}</span>,
    },
    {
      header: open ? "Match" : "Matched",
      cell: (i) =>
        i.match_id ? (
          <Badge tone="positive">Matched</Badge>
        ) : open ? (
          <Checkbox
            isSelected={itemChoice.has(i.entry_id)}
            onChange={(on) => setItemChoice((s) => toggled(s, i.entry_id, on))}
          >
            <span className="sr-only">{`Choose to match: ${i.posted_on} ${itemText(i)} ${formatCents(i.amount_cents)}`}</span>
          </Checkbox>
        ) : null,
    },
  ];

  const difference = rec.difference_cents;
  const facts: [string, string][] = [
    ["Beginning balance", formatCents(rec.beginning_balance_cents)],
    ["Cleared items", `${rec.cleared_count} (${formatCents(rec.cleared_balance_cents - rec.beginning_balance_cents)})`],
    ["Cleared balance", formatCents(rec.cleared_balance_cents)],
    ["Statement ending balance", formatCents(rec.statement_balance_cents)],
  ];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h4 className="font-semibold">
          {rec.bank_account.name} to {rec.statement_end_date}
        </h4>
        <Badge tone={rec.status === "completed" ? "positive" : "info"}>
          {RECONCILIATION_STATUS_LABELS[rec.status]}
        </Badge>
        <Button variant="secondary" onPress={onClose}>
          Back to Reconciliations
        </Button>
      </div>
      {rec.completed_at ? (
        <p className="text-sm text-slate-700 dark:text-slate-200">
          Completed {new Date(rec.completed_at).toLocaleString()}
          {rec.completed_by ? ` by ${rec.completed_by}` : ""}: its items are locked.
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {facts.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
            <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="text-base font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
        <div
          className={`rounded-lg border p-3 ${difference === 0 ? "border-emerald-600 dark:border-emerald-400" : "border-amber-600 dark:border-amber-400"}`}
        >
          <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">Difference</dt>
          <dd className="text-base font-semibold tabular-nums">
            <output aria-live="polite" aria-label="Difference">
              {formatCents(difference)}
            </output>
          </dd>
        </div>
      </dl>
      {open ? (
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="secondary" isDisabled={busy} isPending={auto.isPending} onPress={() => auto.mutate()}>
            Auto-Match
          </Button>
          <Button
            variant="secondary"
            isDisabled={!canMatch}
            onPress={() =>
              change.mutate(() =>
                createMatch(id, {
                  statement_line_ids: chosenLines.map((l) => l.id),
                  entry_ids: chosenItems.map((i) => i.entry_id),
                }),
              )
            }
          >
            Match Chosen
          </Button>
          <span className="text-sm text-slate-700 dark:text-slate-200" aria-live="polite">
            {chosenLines.length || chosenItems.length
              ? `Bank ${formatCents(sum(chosenLines))} · Books ${formatCents(sum(chosenItems))}`
              : "Choose bank lines and items of the same total to match them."}
          </span>
          <span className="grow" />
          <Button variant="secondary" isDisabled={busy} onPress={() => setCancelling(true)}>
            Cancel Reconciliation
          </Button>
          <Button isDisabled={busy || difference !== 0} isPending={finish.isPending} onPress={() => finish.mutate()}>
            Finish Reconciliation
          </Button>
        </div>
      ) : null}
      <div className="grid gap-4 xl:grid-cols-2">
        <TableSection
          id="reconciliation-bank"
          heading="Bank statement"
          level="h5"
          className="min-w-0"
          label="Bank statement lines"
          columns={lineColumns}
          rows={lines}
          rowKey={(l) => l.id}
          empty={
            rec.status === "completed"
              ? "No bank line was matched in this reconciliation."
              : "No imported bank line up to the statement's end date. Import the statement to match its lines, or tick the items the statement shows."
          }
        />
        <TableSection
          id="reconciliation-books"
          heading="Books"
          level="h5"
          className="min-w-0"
          label="Books items"
          columns={itemColumns}
          rows={items}
          rowKey={(i) => i.entry_id}
          empty="No money in or out of this account is waiting to be reconciled."
        />
      </div>
      {posting ? (
        <BankLinePostDialog
          reconciliationId={id}
          trust={rec.bank_account.kind === "trust"}
          line={posting}
          onPosted={(detail) => {
            setPosting(null);
            show(detail);
            void queryClient.invalidateQueries({ queryKey: bankAccountsQuery.queryKey });
            toast({ title: `${posting.description} posted and matched` });
          }}
          onClose={() => setPosting(null)}
        />
      ) : null}
      <ConfirmDialog
        isOpen={cancelling}
        title="Cancel this reconciliation?"
        message="Its ticks and matches are dropped. Anything posted from a bank line stays in the books."
        confirmLabel="Cancel Reconciliation"
        isPending={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        onCancel={() => setCancelling(false)}
      />
    </div>
  );
}
