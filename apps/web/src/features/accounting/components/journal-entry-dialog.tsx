import { type JournalEntry, ledgerMessages, MAX_ENTRY_LINES, postEntrySchema } from "@keyholder/contracts/ledger";
import { formatCents, moneyMessages, parseDollars } from "@keyholder/contracts/money";
import type { RelatedItem } from "@keyholder/contracts/related-items";
import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { RecordPicker } from "../../../components/record-picker/record-picker.tsx";
import { ActionFormButtons } from "../../../components/ui/action-form-buttons.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { DatePicker } from "../../../components/ui/date-picker.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import type { FieldErrors } from "../../../lib/form-errors.ts";
import { accountsQuery } from "../../../lib/ledger-accounts.ts";
import { useActionForm } from "../../../lib/use-action-form.ts";
import { postJournalEntry } from "../api/post-journal-entry.ts";

interface LineDraft {
  key: number;
  account: string;
  property: RelatedItem | null;
  debit: string;
  credit: string;
}

const blank = (key: number): LineDraft => ({ key, account: "", property: null, debit: "", credit: "" });
/** A typed amount as cents: empty is 0; text that is not an amount is null. */
const centsOf = (text: string) => (text.trim() === "" ? 0 : parseDollars(text));

/** The lines' problems found before sending, each on its field (as the server names them). */
function lineProblems(lines: LineDraft[]): FieldErrors {
  const fields: FieldErrors = {};
  lines.forEach((l, n) => {
    if (!l.account) fields[`lines.${n}.account_id`] = [ledgerMessages.accountRequired];
    const debit = centsOf(l.debit);
    const credit = centsOf(l.credit);
    if (debit === null) fields[`lines.${n}.debit_cents`] = [moneyMessages.dollars];
    if (credit === null) fields[`lines.${n}.credit_cents`] = [moneyMessages.dollars];
    if (debit === 0 && credit === 0) fields[`lines.${n}.debit_cents`] = [ledgerMessages.amountRequired];
    else if (debit && credit) fields[`lines.${n}.debit_cents`] = [ledgerMessages.oneSide];
  });
  return fields;
}

/**
 * New Journal Entry: a day, a memo and two lines or more, each an account with a debit or a credit
 * and, where it belongs to one, a property. The totals below say live whether it balances; the
 * server checks the same and posts it once, however often Post is pressed (one request key per
 * dialog).
 */
export function JournalEntryDialog({
  today,
  onPosted,
  onClose,
}: {
  today: string;
  onPosted(entry: JournalEntry): void;
  onClose(): void;
}) {
  const accounts = useQuery(accountsQuery);
  const key = useRef(crypto.randomUUID());
  const next = useRef(2);
  const [postedOn, setPostedOn] = useState(today);
  const [memo, setMemo] = useState("");
  const [lines, setLines] = useState<LineDraft[]>([blank(0), blank(1)]);
  const change = (n: number, patch: Partial<LineDraft>) =>
    setLines((all) => all.map((l, i) => (i === n ? { ...l, ...patch } : l)));

  const debits = lines.reduce((sum, l) => sum + (centsOf(l.debit) ?? 0), 0);
  const credits = lines.reduce((sum, l) => sum + (centsOf(l.credit) ?? 0), 0);
  const balanced = debits === credits && debits > 0;

  const { errors, failure, busy, onSubmit } = useActionForm({
    check: () => {
      const problems = lineProblems(lines);
      if (Object.keys(problems).length) return { success: false, fields: problems };
      if (debits !== credits) {
        const unbalanced = `Debits (${formatCents(debits)}) and credits (${formatCents(credits)}) must be equal`;
        return { success: false, fields: { lines: [unbalanced] } };
      }
      return postEntrySchema.safeParse({
        posted_on: postedOn,
        memo,
        idempotency_key: key.current,
        lines: lines.map((l) => ({
          account_id: Number(l.account),
          debit_cents: centsOf(l.debit) ?? 0,
          credit_cents: centsOf(l.credit) ?? 0,
          property_id: l.property?.id ?? null,
        })),
      });
    },
    send: async (entry) => onPosted(await postJournalEntry(entry)),
    fallback: "Could not post the entry. Please try again.",
  });

  const options = [
    { value: "", label: "Choose an account" },
    ...(accounts.data?.accounts ?? [])
      .filter((a) => a.is_active)
      .map((a) => ({ value: String(a.id), label: `${a.code} ${a.name}` })),
  ];
  const title = "New Journal Entry";
  return (
    <Dialog id="journal-entry-new" title={title} isOpen onClose={onClose} width="max-w-4xl">
      <form aria-label={title} className="flex flex-col gap-4" noValidate onSubmit={onSubmit}>
        {failure ? <Alert>{failure}</Alert> : null}
        <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
          <DatePicker label="Date" value={postedOn} onChange={setPostedOn} errors={errors.posted_on} isRequired />
          <TextField label="Memo" maxLength={500} value={memo} onChange={setMemo} errors={errors.memo} />
        </div>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-semibold text-slate-700 dark:text-slate-200">Lines</legend>
          {lines.map((l, n) => (
            <fieldset
              key={l.key}
              className="grid items-start gap-2 rounded-md border border-slate-200 p-2 sm:grid-cols-[minmax(12rem,2fr)_minmax(10rem,2fr)_7rem_7rem_auto] dark:border-slate-700"
            >
              <legend className="sr-only">Line {n + 1}</legend>
              <SelectField
                label={`Account, line ${n + 1}`}
                value={l.account}
                onChange={(account) => change(n, { account })}
                options={options}
                errors={errors[`lines.${n}.account_id`]}
              />
              <RecordPicker
                label={`Property, line ${n + 1}`}
                source={{ list: "properties" }}
                value={l.property}
                onChange={(property) => change(n, { property })}
                placeholder="Any"
                errors={errors[`lines.${n}.property_id`]}
              />
              <TextField
                label={`Debit, line ${n + 1}`}
                inputMode="decimal"
                value={l.debit}
                onChange={(debit) => change(n, { debit })}
                errors={errors[`lines.${n}.debit_cents`]}
              />
              <TextField
                label={`Credit, line ${n + 1}`}
                inputMode="decimal"
                value={l.credit}
                onChange={(credit) => change(n, { credit })}
                errors={errors[`lines.${n}.credit_cents`]}
              />
              <div className="sm:pt-6">
                <Button
                  variant="secondary"
                  isDisabled={lines.length <= 2}
                  onPress={() => setLines((all) => all.filter((_, i) => i !== n))}
                >
                  Remove<span className="sr-only"> line {n + 1}</span>
                </Button>
              </div>
            </fieldset>
          ))}
          <div>
            <Button
              variant="secondary"
              isDisabled={lines.length >= MAX_ENTRY_LINES}
              onPress={() => setLines((all) => [...all, blank(next.current++)])}
            >
              Add Line
            </Button>
          </div>
        </fieldset>
        <output
          aria-live="polite"
          className={`flex flex-wrap gap-x-6 gap-y-1 rounded-md px-3 py-2 text-sm font-medium ${
            balanced
              ? "bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
              : "bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100"
          }`}
        >
          <span>Debits {formatCents(debits)}</span>
          <span>Credits {formatCents(credits)}</span>
          <span>
            {balanced
              ? "Balanced"
              : debits === credits
                ? "Enter the amounts"
                : `Out of balance by ${formatCents(Math.abs(debits - credits))}`}
          </span>
        </output>
        {errors.lines ? <Alert>{errors.lines.join(" ")}</Alert> : null}
        <ActionFormButtons busy={busy} busyLabel="Posting..." onCancel={onClose}>
          Post Entry
        </ActionFormButtons>
      </form>
    </Dialog>
  );
}
