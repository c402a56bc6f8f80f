import { TENANT_STATUS_LABELS, type TenantStatus } from "@keyholder/contracts/tenants";
import { Badge } from "../../../components/ui/badge.tsx";

const STATUS_TONES = {
  none: "neutral",
  future: "info",
  current: "positive",
  notice: "warning",
  past: "neutral",
} as const satisfies Record<TenantStatus, "neutral" | "info" | "positive" | "warning">;

/** A tenant's lease status as the grid and their page show it. */
export const StatusBadge = ({ status }: { status: TenantStatus }) => (
  <Badge tone={STATUS_TONES[status]}>{TENANT_STATUS_LABELS[status]}</Badge>
);
