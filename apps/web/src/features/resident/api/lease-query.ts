/** `?lease_id=` for the lease the resident picked (decision 036, "Several leases"); none: their current one. */
export const leaseParam = (leaseId: string | undefined, sep: "?" | "&" = "?") =>
  leaseId ? `${sep}lease_id=${encodeURIComponent(leaseId)}` : "";
