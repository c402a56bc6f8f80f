import { RecordLink } from "./record-link.tsx";

/** A lease's tenants as a link that opens the lease (Tenants > Leases, its View). */
export function LeaseLink({ lease, tenants }: { lease: { id: string; lease_no: number }; tenants: string }) {
  return (
    <RecordLink category="Tenants" item="Leases" id={lease.id}>
      {tenants || `Lease ${lease.lease_no}`}
    </RecordLink>
  );
}
