import { requestInWorkspace } from "../../../lib/workspace-requests.ts";

/** A lease's tenants as a link that opens the lease (Tenants > Leases, its View). */
export function LeaseLink({ lease, tenants }: { lease: { id: string; lease_no: number }; tenants: string }) {
  return (
    <button
      type="button"
      className="text-left text-brand-700 underline decoration-dotted underline-offset-2 outline-none hover:decoration-solid focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-brand-300"
      onClick={() => requestInWorkspace({ category: "Tenants", item: "Leases", action: "show", id: lease.id })}
    >
      {tenants || `Lease ${lease.lease_no}`}
    </button>
  );
}
