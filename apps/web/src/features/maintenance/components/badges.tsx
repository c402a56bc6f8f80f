import {
  MAINTENANCE_PRIORITY_LABELS,
  MAINTENANCE_STATUS_LABELS,
  type MaintenancePriority,
  type MaintenanceStatus,
  maintenanceMessages,
} from "@keyholder/contracts/maintenance";
import { WORK_ORDER_STATUS_LABELS, type WorkOrderStatus } from "@keyholder/contracts/maintenance-work-orders";
import { Badge } from "../../../components/ui/badge.tsx";

const STATUS_TONES = {
  new: "info",
  triaged: "info",
  assigned: "neutral",
  scheduled: "neutral",
  in_progress: "warning",
  on_hold: "warning",
  completed: "positive",
  canceled: "neutral",
} as const satisfies Record<MaintenanceStatus, "neutral" | "info" | "positive" | "warning">;

const PRIORITY_TONES = {
  emergency: "danger",
  urgent: "warning",
  normal: "neutral",
  low: "neutral",
} as const satisfies Record<MaintenancePriority, "neutral" | "warning" | "danger">;

export const StatusBadge = ({ status }: { status: MaintenanceStatus }) => (
  <Badge tone={STATUS_TONES[status]}>{MAINTENANCE_STATUS_LABELS[status]}</Badge>
);

export const PriorityBadge = ({ priority }: { priority: MaintenancePriority }) => (
  <Badge tone={PRIORITY_TONES[priority]}>{MAINTENANCE_PRIORITY_LABELS[priority]}</Badge>
);

/** Shown on an open request past its due day (the server never flags a closed one). */
export const OverdueBadge = ({ overdue }: { overdue: boolean }) =>
  overdue ? <Badge tone="danger">{maintenanceMessages.overdue}</Badge> : null;

const WORK_ORDER_TONES = {
  open: "info",
  accepted: "neutral",
  in_progress: "warning",
  completed: "positive",
  declined: "danger",
  canceled: "neutral",
} as const satisfies Record<WorkOrderStatus, "neutral" | "info" | "positive" | "warning" | "danger">;

export const WorkOrderStatusBadge = ({ status }: { status: WorkOrderStatus }) => (
  <Badge tone={WORK_ORDER_TONES[status]}>{WORK_ORDER_STATUS_LABELS[status]}</Badge>
);
