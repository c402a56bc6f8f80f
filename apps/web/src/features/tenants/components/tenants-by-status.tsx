import { TENANT_STATUS_LABELS, TENANT_STATUS_TABS, tenantMessages } from "@keyholder/contracts/tenants";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import { RecordTable } from "../../../components/data-table/record-table.tsx";
import { formatNumber } from "../../../lib/format.ts";
import type { TableTabProps } from "../../../lib/tab-handlers.ts";
import { tenantStatusCountsQuery } from "../api/tenant-status-counts.ts";
import { tenantsDefinition } from "./tenants-table.tsx";

type StatusTab = (typeof TENANT_STATUS_TABS)[number];
const definitions = Object.fromEntries(TENANT_STATUS_TABS.map((s) => [s, tenantsDefinition(s)])) as Record<
  StatusTab,
  ReturnType<typeof tenantsDefinition>
>;

const tabClass =
  "cursor-pointer rounded-t-md border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-700 outline-none hover:text-slate-900 data-focus-visible:ring-2 data-focus-visible:ring-brand-500 data-selected:border-brand-700 data-selected:text-brand-800 dark:text-slate-300 dark:hover:text-white dark:data-selected:border-brand-300 dark:data-selected:text-brand-200";

/**
 * Tenants > By Status: the tenants grid, one lease status at a time (Current, Future, Notice,
 * Past), each tab with its count; the grid's sort, filters, actions and export work within the tab.
 */
export function TenantsByStatus(props: TableTabProps) {
  const [status, setStatus] = useState<StatusTab>("current");
  const counts = useQuery(tenantStatusCountsQuery());
  const count = (s: StatusTab) => (counts.data ? ` (${formatNumber(counts.data.counts[s])})` : "");
  return (
    <Tabs
      selectedKey={status}
      onSelectionChange={(key) => setStatus(key as StatusTab)}
      className="flex h-full min-h-0 flex-col"
    >
      <TabList aria-label="Tenant status" className="flex gap-1 border-b border-slate-200 px-2 dark:border-slate-700">
        {TENANT_STATUS_TABS.map((s) => (
          <Tab key={s} id={s} className={tabClass}>
            {TENANT_STATUS_LABELS[s]}
            {count(s)}
          </Tab>
        ))}
      </TabList>
      {counts.isError ? (
        <p role="status" className="px-2 py-1 text-sm text-red-700 dark:text-red-300">
          {tenantMessages.countsFailed}
        </p>
      ) : null}
      {TENANT_STATUS_TABS.map((s) => (
        <TabPanel key={s} id={s} className="min-h-0 flex-1 outline-none">
          <RecordTable definition={definitions[s]} label={`${TENANT_STATUS_LABELS[s]} Tenants`} {...props} />
        </TabPanel>
      ))}
    </Tabs>
  );
}
