import { addDays } from "@keyholder/contracts/civil-date";
import { type RenewalOffer, renewalOfferCreateSchema } from "@keyholder/contracts/lease-lifecycle";
import type { Lease } from "@keyholder/contracts/leases";
import { formatCents } from "@keyholder/contracts/money";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ActionFormButtons } from "../../../components/ui/action-form-buttons.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { saveFailure } from "../../../lib/form-errors.ts";
import { formatDate } from "../../../lib/format.ts";
import { type ActionFormProps, useActionForm } from "../../../lib/use-action-form.ts";
import { decideRenewal, getRenewalOffers, offerRenewal, renewalOffersKey } from "../api/lease-lifecycle.ts";
import { rentText, useRenewalTerms } from "./renewal-terms.tsx";

const termText = (o: RenewalOffer) =>
  `${formatDate(o.starts_on)} to ${o.ends_on ? formatDate(o.ends_on) : "month-to-month"}`;

/** A renewal offer for one lease: the new term and rent, the new rent shown as it will be. */
export function RenewalOfferForm({ lease, onDone, onCancel }: ActionFormProps & { lease: Lease }) {
  const terms = useRenewalTerms();
  const rent = terms.newRent(lease.rent_cents);
  const { errors, failure, busy, onSubmit } = useActionForm({
    check: () => renewalOfferCreateSchema.safeParse(terms.body()),
    send: async (data) => {
      const offer = await offerRenewal(lease.id, data);
      onDone(`Renewal offered: ${termText(offer)} at ${formatCents(offer.rent_cents)} a month`);
    },
    fallback: "The renewal could not be offered. Please try again.",
  });

  return (
    <form className="flex flex-col gap-4" noValidate aria-label="Offer Renewal" onSubmit={onSubmit}>
      {failure ? <Alert>{failure}</Alert> : null}
      {terms.fields(errors)}
      <p className="text-sm" aria-live="polite">
        Rent now {formatCents(lease.rent_cents)}; new rent <strong>{rentText(rent)}</strong> a month
        {lease.end_date ? ` from ${formatDate(addDays(lease.end_date, 1))}` : ""}.
      </p>
      <ActionFormButtons busy={busy} busyLabel="Offering..." onCancel={onCancel}>
        Offer Renewal
      </ActionFormButtons>
    </form>
  );
}

/** The lease's renewal offers, with Accept and Decline on the open ones. */
export function RenewalOffers({
  leaseId,
  canDecide,
  onDecided,
}: {
  leaseId: string;
  canDecide: boolean;
  onDecided(message: string): void;
}) {
  const query = useQuery({ queryKey: renewalOffersKey(leaseId), queryFn: () => getRenewalOffers(leaseId) });
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const offers = query.data ?? [];
  if (offers.length === 0) return null;

  const decide = async (offer: RenewalOffer, decision: "accept" | "decline") => {
    setBusy(`${offer.id}:${decision}`);
    setFailure(null);
    try {
      await decideRenewal(leaseId, offer.id, decision);
      onDecided(
        decision === "accept"
          ? `Renewal accepted: ${termText(offer)} at ${formatCents(offer.rent_cents)} a month`
          : "Renewal offer declined",
      );
    } catch (err) {
      setFailure(saveFailure(err, "The offer could not be updated. Please try again.").message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-label="Renewal offers" className="flex flex-col gap-2">
      <h3 className="font-semibold">Renewal offers</h3>
      {failure ? <Alert>{failure}</Alert> : null}
      <ul className="flex flex-col gap-2 text-sm">
        {offers.map((o) => (
          <li
            key={o.id}
            className="flex flex-wrap items-center gap-3 rounded-md border border-slate-200 p-2 dark:border-slate-700"
          >
            <span>
              {termText(o)}: {formatCents(o.current_rent_cents)} to <strong>{formatCents(o.rent_cents)}</strong>
              {o.increase_percent ? ` (+${o.increase_percent}%)` : ""}
            </span>
            <span className="capitalize">{o.status}</span>
            {o.status === "offered" && canDecide ? (
              <span className="ml-auto flex gap-2">
                <Button isPending={busy === `${o.id}:accept`} onPress={() => void decide(o, "accept")}>
                  Accept
                </Button>
                <Button
                  variant="secondary"
                  isPending={busy === `${o.id}:decline`}
                  onPress={() => void decide(o, "decline")}
                >
                  Decline
                </Button>
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
