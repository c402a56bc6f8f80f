import { LEASE_STATUS_LABELS, type LeaseStatus } from "@keyholder/contracts/leases";
import { Badge } from "../../../components/ui/badge.tsx";

const tones: Record<LeaseStatus, "positive" | "info" | "neutral" | "warning"> = {
  pending: "info",
  active: "positive",
  notice: "warning",
  ended: "neutral",
  canceled: "neutral",
};

export function LeaseStatusBadge({ status }: { status: LeaseStatus }) {
  return <Badge tone={tones[status]}>{LEASE_STATUS_LABELS[status]}</Badge>;
}
