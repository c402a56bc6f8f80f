import { LEASE_STATUS_LABELS, type LeaseStatus } from "@keyholder/contracts/leases";
import type { ResidentLeaseChoice } from "@keyholder/contracts/resident-account";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { residentLeasesQuery } from "../api/leases.ts";
import { useChosenLease } from "./use-chosen-lease.ts";

const labelOf = (l: ResidentLeaseChoice) =>
  [
    `Lease ${l.lease_no}`,
    l.unit_names ? `${l.property_name}, ${l.unit_names}` : l.property_name,
    LEASE_STATUS_LABELS[l.status as LeaseStatus] ?? l.status,
  ].join(" · ");

/** For a resident on several leases: which one the portal shows (the choice goes in the address). */
export function LeaseSwitcher() {
  const leases = useQuery(residentLeasesQuery);
  const chosen = useChosenLease();
  const navigate = useNavigate();
  const list = leases.data ?? [];
  if (list.length < 2) return null;
  const current = list.find((l) => l.id === chosen) ?? list[0];
  return (
    <div className="mx-auto max-w-3xl px-4 pb-3">
      <SelectField
        label="Lease"
        value={current?.id ?? ""}
        options={list.map((l) => ({ value: l.id, label: labelOf(l) }))}
        onChange={(lease) => void navigate({ to: ".", search: (prev: object) => ({ ...prev, lease }) })}
      />
    </div>
  );
}
