import { RENEWAL_WINDOWS, renewalBulkSchema } from "@keyholder/contracts/lease-lifecycle";
import { formatCents } from "@keyholder/contracts/money";
import { useState } from "react";
import { useRefreshRecords } from "../../../components/data-table/use-refresh-records.ts";
import { ActionFormButtons } from "../../../components/ui/action-form-buttons.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { formatDate } from "../../../lib/format.ts";
import { useActionForm } from "../../../lib/use-action-form.ts";
import { offerRenewals } from "../api/lease-lifecycle.ts";
import { useRenewalTerms } from "./renewal-terms.tsx";

/**
 * Renewals in bulk: one offer to every active fixed-term lease ending within the next 30, 60, 90 or
 * 120 days that has no open offer; the offers made are listed, each then accepted or declined on its
 * lease.
 */
export function BulkRenewalsDialog({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  const terms = useRenewalTerms();
  const refresh = useRefreshRecords();
  const [within, setWithin] = useState("60");
  const [result, setResult] = useState<Awaited<ReturnType<typeof offerRenewals>> | null>(null);
  const { errors, failure, busy, onSubmit } = useActionForm({
    check: () => renewalBulkSchema.safeParse({ ...terms.body(), within_days: Number(within) }),
    send: async (data) => {
      setResult(await offerRenewals(data));
      void refresh();
    },
    fallback: "The renewals could not be offered. Please try again.",
  });

  return (
    <Dialog id="bulk-renewals" title="Offer Renewals" isOpen={isOpen} onClose={onClose} width="max-w-2xl">
      {result ? (
        <div className="flex flex-col gap-3 text-sm">
          <p role="status">
            {result.offers.length} renewal offer{result.offers.length === 1 ? "" : "s"} made
            {result.skipped
              ? `; ${result.skipped} lease${result.skipped === 1 ? "" : "s"} already had an open offer`
              : ""}
            .
          </p>
          {result.offers.length ? (
            <ul className="flex flex-col gap-1">
              {result.offers.map((o) => (
                <li key={o.id}>
                  Lease {o.lease_no} ({o.tenant_names}, {o.unit_names}): from {formatDate(o.starts_on)},{" "}
                  {formatCents(o.current_rent_cents)} to {formatCents(o.rent_cents)}
                </li>
              ))}
            </ul>
          ) : null}
          <div className="flex justify-end">
            <Button onPress={onClose}>Done</Button>
          </div>
        </div>
      ) : (
        <form className="flex flex-col gap-4" noValidate onSubmit={onSubmit}>
          {failure ? <Alert>{failure}</Alert> : null}
          <SelectField
            label="Leases Ending Within"
            value={within}
            onChange={setWithin}
            options={RENEWAL_WINDOWS.map((d) => ({ value: String(d), label: `The next ${d} days` }))}
            errors={errors.within_days}
          />
          {terms.fields(errors)}
          <ActionFormButtons busy={busy} busyLabel="Offering..." onCancel={onClose}>
            Offer Renewals
          </ActionFormButtons>
        </form>
      )}
    </Dialog>
  );
}
