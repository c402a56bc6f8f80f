import {
  isClosedStatus,
  MAINTENANCE_CATEGORY_LABELS,
  MAINTENANCE_CHANNEL_LABELS,
  type MaintenanceRow,
} from "@keyholder/contracts/maintenance";
import { formatVisit } from "@keyholder/contracts/maintenance-assignment";
import type { SavedRecord } from "../../../components/data-table/types.ts";
import { Button } from "../../../components/ui/button.tsx";
import { FactSection } from "../../../components/ui/fact-list.tsx";
import { formatDate } from "../../../lib/format.ts";
import { Assignment } from "./assignment.tsx";
import { OverdueBadge, PriorityBadge, StatusBadge } from "./badges.tsx";
import { RequestComments } from "./comments.tsx";
import { CostsSection } from "./costs.tsx";
import { RequestPhotos } from "./photos.tsx";
import { StatusChange } from "./status-change.tsx";
import { StatusHistory } from "./status-history.tsx";
import { WorkOrdersSection } from "./work-orders.tsx";

const yesNo = (v: boolean) => (v ? "Yes" : "No");
const reopened = (n: number) => (n === 0 ? "Never" : n === 1 ? "Once" : `${n} times`);

/**
 * View Request: what and where, how urgent and when it is due (overdue flagged), how to get in,
 * who reported and recorded it, the status change (for a role that may edit) and the history.
 */
export function RequestView({
  request: r,
  onClose,
  onEdit,
  onChanged,
}: {
  request: MaintenanceRow;
  onClose(): void;
  onEdit?: (() => void) | undefined;
  onChanged(saved: SavedRecord): void;
}) {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-lg font-semibold">
          #{r.request_no} {r.title}
        </p>
        <StatusBadge status={r.status} />
        <PriorityBadge priority={r.priority} />
        <OverdueBadge overdue={r.overdue} />
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <FactSection
          title="Request"
          items={[
            ["Category", MAINTENANCE_CATEGORY_LABELS[r.category]],
            ["Due", formatDate(r.due_on)],
            ["Description", r.description],
            ["Reopened", reopened(r.reopened_count)],
            ["Completed", r.completed_at ? formatDate(r.completed_at) : null],
          ]}
        />
        <FactSection
          title="Location"
          items={[
            ["Property", r.property_name],
            ["Building", r.building_name],
            ["Unit", r.unit_name],
            ["Zone", r.zone_name],
          ]}
        />
        <FactSection
          title="Entry"
          items={[
            ["Permission to Enter", yesNo(r.permission_to_enter)],
            ["Pets Present", yesNo(r.pets_present)],
            ["Entry Notes", r.entry_notes],
            ["Preferred Times", r.preferred_times],
          ]}
        />
        <FactSection
          title="Reported"
          items={[
            ["Came In By", MAINTENANCE_CHANNEL_LABELS[r.channel]],
            ["Reported By", r.tenant_name],
            ["Lease", r.lease_no === null ? null : `Lease ${r.lease_no}`],
            ["Recorded By", r.recorded_by_name],
            ["Added", formatDate(r.created_date)],
          ]}
        />
        <FactSection
          title="Work"
          items={[
            ["Assigned To", r.assigned_to_name ?? "Nobody yet"],
            [
              "Vendor",
              r.vendor_id === null
                ? null
                : r.vendor_accepted_at
                  ? `Accepted ${formatDate(r.vendor_accepted_at)}`
                  : "Link sent, not accepted yet",
            ],
            ["Scheduled", formatVisit(r.scheduled_start, r.scheduled_end) ?? "Not booked"],
          ]}
        />
      </div>
      {onEdit && !isClosedStatus(r.status) ? <Assignment request={r} onChanged={onChanged} /> : null}
      {onEdit ? <StatusChange request={r} onChanged={onChanged} /> : null}
      <WorkOrdersSection requestId={r.id} version={r.last_modified_date} canEdit={onEdit !== undefined} />
      <CostsSection request={r} canEdit={onEdit !== undefined} />
      <StatusHistory requestId={r.id} version={r.last_modified_date} />
      <RequestPhotos requestId={r.id} canUpload={Boolean(onEdit)} />
      <RequestComments requestId={r.id} canComment={Boolean(onEdit)} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onPress={onClose}>
          Close
        </Button>
        {onEdit ? <Button onPress={onEdit}>Edit</Button> : null}
      </div>
    </div>
  );
}
