import { todayIn } from "@keyholder/contracts/civil-date";
import {
  type LeaseLedger,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
  postChargeSchema,
  postCreditSchema,
  postPaymentSchema,
  postRefundSchema,
} from "@keyholder/contracts/lease-ledger";
import { centsToInput, formatCents, moneyProblem, parseDollars } from "@keyholder/contracts/money";
import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { ActionFormButtons } from "../../../components/ui/action-form-buttons.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { DatePicker } from "../../../components/ui/date-picker.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { organizationSettingsQuery } from "../../../lib/organization-settings.ts";
import { type ActionFormProps, useActionForm } from "../../../lib/use-action-form.ts";
import { getIncomeAccounts, incomeAccountsKey } from "../api/get-income-accounts.ts";
import { type LeasePostings, postToLease } from "../api/post-to-lease.ts";

export type PostingKind = keyof LeasePostings;

const methodOptions = PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));

export const POSTING_TITLES: Record<PostingKind, string> = {
  payments: "Record Payment",
  charges: "Add Charge",
  credits: "Add Credit",
  refunds: "Refund Credit",
};

const POSTING_NOUNS: Record<PostingKind, string> = {
  payments: "Payment",
  charges: "Charge",
  credits: "Credit",
  refunds: "Refund",
};

/**
 * A payment, one-time charge, credit or refund posted from a lease's ledger. The request key is
 * made when the form opens, so a second click or a retry after a lost answer posts once.
 */
export function LeasePostingForm({
  leaseId,
  kind,
  ledger,
  onDone,
  onCancel,
}: {
  leaseId: string;
  kind: PostingKind;
  ledger: LeaseLedger;
} & ActionFormProps) {
  const settings = useQuery(organizationSettingsQuery);
  const zone = settings.data?.time_zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const key = useRef(`${kind}-${crypto.randomUUID()}`);
  const [day, setDay] = useState(todayIn(zone));
  const [amount, setAmount] = useState(
    kind === "refunds" && ledger.credit_cents > 0 ? centsToInput(ledger.credit_cents) : "",
  );
  const [method, setMethod] = useState<PaymentMethod>("check");
  const [reference, setReference] = useState("");
  const [description, setDescription] = useState("");
  const [account, setAccount] = useState("");
  const accounts = useQuery({ queryKey: incomeAccountsKey, queryFn: getIncomeAccounts, enabled: kind === "charges" });

  const cents = parseDollars(amount) ?? (amount as unknown as number);
  const body = {
    payments: () =>
      postPaymentSchema.safeParse({
        idempotency_key: key.current,
        method,
        reference: reference || null,
        received_on: day,
        amount_cents: cents,
      }),
    charges: () =>
      postChargeSchema.safeParse({
        idempotency_key: key.current,
        account_id: Number(account) || undefined,
        amount_cents: cents,
        posted_on: day,
        description,
      }),
    credits: () =>
      postCreditSchema.safeParse({ idempotency_key: key.current, posted_on: day, amount_cents: cents, description }),
    refunds: () =>
      postRefundSchema.safeParse({
        idempotency_key: key.current,
        posted_on: day,
        amount_cents: cents,
        method,
        reference: reference || null,
      }),
  }[kind];

  const { errors, failure, busy, onSubmit } = useActionForm<LeasePostings[PostingKind]>({
    check: () =>
      parseDollars(amount) === null ? { success: false, fields: { amount_cents: [moneyProblem(amount)] } } : body(),
    send: async (data) => {
      const posted = await postToLease(leaseId, kind, data as never);
      const balance =
        posted.balance_cents < 0 ? `${formatCents(-posted.balance_cents)} credit` : formatCents(posted.balance_cents);
      onDone(`${POSTING_NOUNS[kind]} of ${formatCents(data.amount_cents)} posted. Balance: ${balance}`);
    },
    fallback: "Could not post this. Please try again.",
  });

  const dateLabel = kind === "payments" ? "Received On" : "Date";
  return (
    <form
      aria-label={POSTING_TITLES[kind]}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
      noValidate
      onSubmit={onSubmit}
    >
      <h3 className="text-sm font-semibold">{POSTING_TITLES[kind]}</h3>
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Amount ($)"
          isRequired
          autoFocus
          inputMode="decimal"
          placeholder="0.00"
          value={amount}
          onChange={setAmount}
          errors={errors.amount_cents}
          {...(kind === "refunds" ? { description: `Credit held: ${formatCents(ledger.credit_cents)}` } : {})}
          {...(kind === "payments" && ledger.balance_cents > 0
            ? { description: `Owed now: ${formatCents(ledger.balance_cents)}` }
            : {})}
        />
        <DatePicker
          label={dateLabel}
          isRequired
          value={day}
          onChange={setDay}
          errors={errors.received_on ?? errors.posted_on}
        />
        {kind === "payments" || kind === "refunds" ? (
          <>
            <SelectField
              label="Method"
              options={methodOptions}
              value={method}
              onChange={(m) => setMethod(m as PaymentMethod)}
              errors={errors.method}
            />
            <TextField
              label="Reference (check number, confirmation)"
              value={reference}
              onChange={setReference}
              errors={errors.reference}
            />
          </>
        ) : null}
        {kind === "charges" ? (
          <SelectField
            label="Income Account"
            options={[
              { value: "", label: "Choose an account" },
              ...(accounts.data ?? []).map((a) => ({ value: String(a.id), label: `${a.code} ${a.name}` })),
            ]}
            value={account}
            onChange={setAccount}
            errors={errors.account_id}
          />
        ) : null}
        {kind === "charges" || kind === "credits" ? (
          <TextField
            label="Description"
            isRequired={kind === "charges"}
            value={description}
            onChange={setDescription}
            errors={errors.description}
          />
        ) : null}
      </div>
      <ActionFormButtons busy={busy} busyLabel="Posting..." onCancel={onCancel}>
        {POSTING_TITLES[kind]}
      </ActionFormButtons>
    </form>
  );
}
