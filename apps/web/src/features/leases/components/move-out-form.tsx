import { depositArithmetic, lifecycleMessages, moveOutSchema } from "@keyholder/contracts/lease-lifecycle";
import type { Lease } from "@keyholder/contracts/leases";
import { formatCents, parseDollars } from "@keyholder/contracts/money";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ActionFormButtons } from "../../../components/ui/action-form-buttons.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { DatePicker } from "../../../components/ui/date-picker.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { formatCivilDate } from "../../../lib/civil-date.ts";
import { type ActionFormProps, useActionForm } from "../../../lib/use-action-form.ts";
import { getIncomeAccounts, incomeAccountsKey } from "../api/get-income-accounts.ts";
import { getMoveOut, moveOut, moveOutKey } from "../api/lease-lifecycle.ts";
import { useOrgToday } from "./use-org-today.ts";

interface ChargeRow {
  key: number;
  description: string;
  amount: string;
  accountId: string;
}

/**
 * Move-out: the forwarding address, final charges (damages, cleaning...), and the deposit arithmetic
 * shown as it will post, in cents: the deposit held pays what is owed, the rest is refunded, what it
 * does not cover stays owed on the lease.
 */
export function MoveOutForm({ lease, onDone, onCancel }: ActionFormProps & { lease: Lease }) {
  const today = useOrgToday();
  const [day, setDay] = useState(lease.move_out_date ?? today);
  // The unused charges depend on the day: asked again when a whole date is chosen, the last answer kept meanwhile.
  const asked = /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : undefined;
  const preview = useQuery({
    queryKey: moveOutKey(lease.id, asked),
    queryFn: () => getMoveOut(lease.id, asked),
    placeholderData: keepPreviousData,
  });
  const accounts = useQuery({ queryKey: incomeAccountsKey, queryFn: getIncomeAccounts });
  const [creditUnused, setCreditUnused] = useState(false);
  const [address, setAddress] = useState("");
  const [rows, setRows] = useState<ChargeRow[]>([]);
  const [nextKey, setNextKey] = useState(1);
  const { errors, failure, busy, onSubmit } = useActionForm({
    check: () =>
      moveOutSchema.safeParse({
        moved_out_on: day,
        forwarding_address: address,
        final_charges: rows.map((r) => ({
          description: r.description,
          amount_cents: parseDollars(r.amount) ?? r.amount,
          account_id: r.accountId ? Number(r.accountId) : null,
        })),
        credit_unused_charges: creditUnused,
      }),
    send: async (data) => {
      const { statement } = await moveOut(lease.id, data);
      onDone(
        `Moved out: ${formatCents(statement.refund_cents)} refunded${
          statement.balance_left_cents > 0 ? `, ${formatCents(statement.balance_left_cents)} still owed` : ""
        }`,
      );
    },
    fallback: "The move-out could not be recorded. Please try again.",
  });

  const p = preview.data?.preview;
  if (!p)
    return preview.isError ? <Alert>{lifecycleMessages.notFound}</Alert> : <Spinner label="Loading the deposit..." />;

  const chargeCents = rows.reduce((sum, r) => sum + (parseDollars(r.amount) ?? 0), 0);
  const unusedCents = creditUnused ? p.unused_charges.reduce((sum, c) => sum + c.amount_cents, 0) : 0;
  const math = depositArithmetic({
    depositHeldCents: p.deposit_held_cents,
    balanceCents: p.balance_cents - unusedCents,
    finalChargesCents: chargeCents,
  });
  const setRow = (key: number, patch: Partial<ChargeRow>) =>
    setRows(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const accountOptions = [
    { value: "", label: "Other income" },
    ...(accounts.data ?? [])
      .filter((a) => a.role !== "other_income")
      .map((a) => ({ value: String(a.id), label: `${a.code} ${a.name}` })),
  ];
  const mathRows: [string, number][] = [
    ["Deposit held", p.deposit_held_cents],
    [p.balance_cents < 0 ? "Credit on the lease" : "Owed before move-out", Math.abs(p.balance_cents)],
    ["Final charges", chargeCents],
    ...(creditUnused ? [["Unused charges credited", unusedCents] as [string, number]] : []),
    ["Deposit applied", math.appliedCents],
    ["Refund", math.refundCents],
    ["Still owed after move-out", math.balanceLeftCents],
  ];

  return (
    <form className="flex flex-col gap-4" noValidate aria-label="Move Out" onSubmit={onSubmit}>
      {failure ? <Alert>{failure}</Alert> : null}
      <DatePicker
        label="Move-out Date"
        isRequired
        value={day}
        onChange={setDay}
        errors={errors.moved_out_on}
        autoFocus
      />
      <TextField
        label="Forwarding Address"
        isRequired
        rows={2}
        value={address}
        onChange={setAddress}
        errors={errors.forwarding_address}
        description="Where the deposit statement and any refund are sent"
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-semibold">Final charges</legend>
        {rows.map((r, i) => (
          <div key={r.key} className="grid items-end gap-2 sm:grid-cols-[2fr_1fr_1.5fr_auto]">
            <TextField
              label={`Charge ${i + 1}`}
              placeholder="Damages, cleaning..."
              value={r.description}
              onChange={(description) => setRow(r.key, { description })}
              errors={errors[`final_charges.${i}.description`]}
            />
            <TextField
              label={`Charge ${i + 1} Amount ($)`}
              inputMode="decimal"
              value={r.amount}
              onChange={(amount) => setRow(r.key, { amount })}
              errors={errors[`final_charges.${i}.amount_cents`]}
            />
            <SelectField
              label={`Charge ${i + 1} Account`}
              value={r.accountId}
              onChange={(accountId) => setRow(r.key, { accountId })}
              options={accountOptions}
              errors={errors[`final_charges.${i}.account_id`]}
            />
            <Button
              variant="ghost"
              aria-label={`Remove charge ${i + 1}`}
              onPress={() => setRows(rows.filter((x) => x.key !== r.key))}
            >
              Remove
            </Button>
          </div>
        ))}
        <div>
          <Button
            variant="secondary"
            onPress={() => {
              setRows([...rows, { key: nextKey, description: "", amount: "", accountId: "" }]);
              setNextKey(nextKey + 1);
            }}
          >
            Add Final Charge
          </Button>
        </div>
      </fieldset>
      {p.unused_charges.length > 0 ? (
        <div className="flex flex-col gap-1">
          <Checkbox isSelected={creditUnused} onChange={setCreditUnused}>
            Credit charges for days after the move-out
          </Checkbox>
          <ul className="ml-7 text-sm text-slate-600 dark:text-slate-400">
            {p.unused_charges.map((c) => (
              <li key={`${c.description}-${c.from}`}>
                {c.description}, {formatCivilDate(c.from)} to {formatCivilDate(c.to)}: {formatCents(c.amount_cents)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <table className="w-full max-w-md text-sm" aria-label="Deposit arithmetic">
        <tbody aria-live="polite">
          {mathRows.map(([label, cents]) => (
            <tr key={label} className="border-b border-slate-100 dark:border-slate-800">
              <th scope="row" className="py-1 pr-3 text-left font-normal">
                {label}
              </th>
              <td className="py-1 text-right tabular-nums">{formatCents(cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        The itemized deposit statement must be sent within {p.statement_days} days of move-out
        {p.state_code ? ` (${p.state_code})` : ""}.
      </p>
      <ActionFormButtons busy={busy} busyLabel="Moving out..." onCancel={onCancel}>
        Move Out
      </ActionFormButtons>
    </form>
  );
}
