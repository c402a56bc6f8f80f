import { TENANT_KIND_LABELS, type TenantRow } from "@keyholder/contracts/tenants";
import { Button } from "../../../components/ui/button.tsx";
import { FactSection } from "../../../components/ui/fact-list.tsx";
import { formatDate } from "../../../lib/format.ts";
import { StatusBadge } from "./status-badge.tsx";
import { TenantDocuments } from "./tenant-documents.tsx";
import { TenantLeases } from "./tenant-leases.tsx";

const mail = (email: string | null) =>
  email ? (
    <a href={`mailto:${email}`} className="text-brand-700 underline dark:text-brand-300">
      {email}
    </a>
  ) : null;
const call = (phone: string | null) =>
  phone ? (
    <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className="text-brand-700 underline dark:text-brand-300">
      {phone}
    </a>
  ) : null;

/**
 * View Tenant: who they are and how to reach them, whom to call in an emergency, their leases and
 * what they owe, the notes, and their documents with expired and soon-to-expire ones flagged.
 */
export function TenantOverview({
  tenant,
  onClose,
  onEdit,
}: {
  tenant: TenantRow;
  onClose(): void;
  onEdit?: (() => void) | undefined;
}) {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-lg font-semibold">{tenant.name}</p>
        <StatusBadge status={tenant.status} />
        <span className="text-sm text-slate-600 dark:text-slate-400">{TENANT_KIND_LABELS[tenant.kind]}</span>
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <FactSection
          title="Contact"
          items={[
            ["Email", mail(tenant.email)],
            ["Phone", call(tenant.phone)],
            ["Alternate Email", mail(tenant.alternate_email)],
            ["Alternate Phone", call(tenant.alternate_phone)],
          ]}
        />
        <FactSection
          title="Emergency Contact"
          items={[
            ["Name", tenant.emergency_contact_name],
            ["Phone", call(tenant.emergency_contact_phone)],
            ["Relationship", tenant.emergency_contact_relationship],
          ]}
        />
      </div>
      <TenantLeases tenant={tenant} />
      <FactSection
        title="Notes"
        items={[
          ["Notes", tenant.notes],
          ["Added", formatDate(tenant.created_date)],
          ["Last Modified", formatDate(tenant.last_modified_date)],
        ]}
      />
      <TenantDocuments tenantId={tenant.id} canEdit={Boolean(onEdit)} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onPress={onClose}>
          Close
        </Button>
        {onEdit ? <Button onPress={onEdit}>Edit</Button> : null}
      </div>
    </div>
  );
}
