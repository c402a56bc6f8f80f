import { TENANT_KIND_LABELS, type TenantRow } from "@keyholder/contracts/tenants";
import type { ReactNode } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { formatDate, NA } from "../../../lib/format.ts";
import { StatusBadge } from "./status-badge.tsx";
import { TenantDocuments } from "./tenant-documents.tsx";
import { TenantLeases } from "./tenant-leases.tsx";

const heading = "text-sm font-semibold text-slate-700 dark:text-slate-200";

function Facts({ title, items }: { title: string; items: [string, ReactNode][] }) {
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <h3 className={heading}>{title}</h3>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr] sm:gap-y-2">
        {items.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="mb-2 break-words whitespace-pre-line text-slate-900 sm:mb-0 dark:text-slate-100">
              {value === null || value === undefined || value === "" ? NA : value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

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
        <Facts
          title="Contact"
          items={[
            ["Email", mail(tenant.email)],
            ["Phone", call(tenant.phone)],
            ["Alternate Email", mail(tenant.alternate_email)],
            ["Alternate Phone", call(tenant.alternate_phone)],
          ]}
        />
        <Facts
          title="Emergency Contact"
          items={[
            ["Name", tenant.emergency_contact_name],
            ["Phone", call(tenant.emergency_contact_phone)],
            ["Relationship", tenant.emergency_contact_relationship],
          ]}
        />
      </div>
      <TenantLeases tenant={tenant} />
      <Facts
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
