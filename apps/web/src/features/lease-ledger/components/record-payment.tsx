import { isCivilDate } from "@keyholder/contracts/civil-date";
import { PAYMENT_METHODS, type PaymentMethod } from "@keyholder/contracts/lease-ledger";
import { numberTextMessage, parseNumberText } from "@keyholder/contracts/number-text";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { DatePicker } from "../../../components/ui/date-picker.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { leaseLedgerKey, recordPayment } from "../api/lease-ledger.ts";

export const methodLabels: Record<PaymentMethod, string> = {
  check: "Check",
  cash: "Cash",
  ach: "ACH",
  card: "Card",
  money_order: "Money order",
};

/** Dollars as typed ("1,450.50") to whole cents, without a float rounding error ("0.29" is 29). */
export function centsOf(text: string): number | "invalid" | undefined {
  const parsed = parseNumberText(text, "money");
  if (!parsed.ok) return "invalid";
  if (parsed.value === undefined) return undefined;
  const [whole = "0", fraction = ""] = text.replace(/[\s$,+]/g, "").split(".");
  if (fraction.length > 2 || whole.startsWith("-")) return "invalid";
  return Number(whole || "0") * 100 + Number(fraction.padEnd(2, "0"));
}

/** A request key per payment typed (randomUUID needs a secure context; plain http gets the fallback). */
const newKey = () =>
  typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;

/**
 * Records a payment on a lease: applied by the server to the oldest open charges, the rest kept as
 * prepaid rent. One request key per payment typed, so a double click or a retry records it once.
 */
export function RecordPayment({ leaseId, today }: { leaseId: string; today: string }) {
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState("");
  const [method, setMethod] = useState<PaymentMethod>("check");
  const [reference, setReference] = useState("");
  const [receivedOn, setReceivedOn] = useState(today);
  const [key, setKey] = useState(newKey);
  const [touched, setTouched] = useState(false);
  const save = useMutation({
    mutationFn: (cents: number) =>
      recordPayment(leaseId, {
        idempotency_key: key,
        method,
        reference: reference || null,
        received_on: receivedOn,
        amount_cents: cents,
      }),
    onSuccess: () => {
      setAmount("");
      setReference("");
      setTouched(false);
      setKey(newKey());
      return queryClient.invalidateQueries({ queryKey: leaseLedgerKey(leaseId) });
    },
  });
  const cents = centsOf(amount);
  const amountError =
    cents === "invalid"
      ? numberTextMessage("The amount", "money", "not-a-number")
      : cents === undefined || cents <= 0
        ? "Enter the amount received"
        : undefined;
  const fields = save.error instanceof ApiError ? save.error.fields : undefined;
  return (
    <form
      aria-label="Record a payment"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (!amountError && typeof cents === "number" && isCivilDate(receivedOn)) save.mutate(cents);
      }}
    >
      <div className="w-36">
        <TextField
          label="Amount"
          name="amount"
          inputMode="decimal"
          value={amount}
          onChange={setAmount}
          errors={fields?.amount_cents ?? (touched && amountError ? [amountError] : undefined)}
        />
      </div>
      <div className="w-36">
        <SelectField
          label="Method"
          value={method}
          onChange={(v) => setMethod(v as PaymentMethod)}
          options={PAYMENT_METHODS.map((m) => ({ value: m, label: methodLabels[m] }))}
        />
      </div>
      <div className="w-40">
        <TextField label="Reference" name="reference" value={reference} onChange={setReference} maxLength={100} />
      </div>
      <div className="w-48">
        <DatePicker
          label="Received on"
          name="received_on"
          value={receivedOn}
          onChange={setReceivedOn}
          errors={fields?.received_on}
        />
      </div>
      <Button type="submit" isPending={save.isPending}>
        Record payment
      </Button>
      {save.isError && !fields ? <Alert>{save.error.message}</Alert> : null}
    </form>
  );
}
