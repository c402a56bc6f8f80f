import type { Permission } from "@keyholder/contracts/permissions";
import { type ComponentType, lazy } from "react";
import type { InPlaceRecordProps } from "../../lib/in-place-records.ts";
import type { TableTabProps } from "../../lib/tab-handlers.ts";

/**
 * Which menu entries open a data table, and the component that renders it (loaded on first use,
 * so each table is its own bundle). A table issue adds one line here (spec: Property > All
 * Properties, Building > All Buildings, Unit > All Units, Unit > Floor Plans, Zone > All Zones,
 * Users > Staff; issue 14: Applicants > All Applicants; issue 27: Accounting > General Ledger (issue 29: Transactions, Bank Accounts),
 * Tenants > Tenants, Leases, By Status and Pets; issue 28: Maintenance > All Requests, Open, Closed and
 * Vendors; issue 30: Reports > Financial, Occupancy and Maintenance).
 */
export const tableEntries: Record<
  string,
  {
    module: string;
    component?: ComponentType<TableTabProps>;
    permission?: Permission;
    /** Its records' dialogs, opened in place from a related record's editor (issue 15, item 7). */
    records?: ComponentType<InPlaceRecordProps>;
  }
> = {
  "Property > All Properties": {
    module: "Properties",
    component: lazy(() =>
      import("../../features/properties/components/properties-table.tsx").then((m) => ({ default: m.PropertiesTable })),
    ),
  },
  "Building > All Buildings": {
    module: "Buildings",
    component: lazy(() =>
      import("../../features/buildings/components/buildings-table.tsx").then((m) => ({ default: m.BuildingsTable })),
    ),
    records: lazy(() =>
      import("../../features/buildings/components/buildings-table.tsx").then((m) => ({ default: m.BuildingRecords })),
    ),
  },
  "Unit > All Units": {
    module: "Units",
    component: lazy(() =>
      import("../../features/units/components/units-table.tsx").then((m) => ({ default: m.UnitsTable })),
    ),
    records: lazy(() =>
      import("../../features/units/components/units-table.tsx").then((m) => ({ default: m.UnitRecords })),
    ),
  },
  "Unit > Floor Plans": {
    module: "Floor Plans",
    component: lazy(() =>
      import("../../features/floor-plans/components/floor-plans-table.tsx").then((m) => ({
        default: m.FloorPlansTable,
      })),
    ),
    records: lazy(() =>
      import("../../features/floor-plans/components/floor-plans-table.tsx").then((m) => ({
        default: m.FloorPlanRecords,
      })),
    ),
  },
  "Zone > All Zones": {
    module: "Zones",
    component: lazy(() =>
      import("../../features/zones/components/zones-table.tsx").then((m) => ({ default: m.ZonesTable })),
    ),
    records: lazy(() =>
      import("../../features/zones/components/zones-table.tsx").then((m) => ({ default: m.ZoneRecords })),
    ),
  },
  "Applicants > All Applicants": {
    module: "Applicants",
    component: lazy(() =>
      import("../../features/applicants/components/applicants-table.tsx").then((m) => ({ default: m.ApplicantsTable })),
    ),
  },
  "Tenants > Tenants": {
    module: "Tenants",
    component: lazy(() =>
      import("../../features/tenants/components/tenants-table.tsx").then((m) => ({ default: m.TenantsTable })),
    ),
  },
  "Tenants > By Status": {
    module: "Tenants by Status",
    component: lazy(() =>
      import("../../features/tenants/components/tenants-by-status.tsx").then((m) => ({ default: m.TenantsByStatus })),
    ),
  },
  "Users > All Users": {
    module: "Users",
    permission: "users.manage",
    component: lazy(() =>
      import("../../features/users/components/users-table.tsx").then((m) => ({ default: m.UsersTable })),
    ),
  },
  "Users > Administrators": {
    module: "Administrators",
    permission: "users.manage",
    component: lazy(() =>
      import("../../features/users/components/users-table.tsx").then((m) => ({ default: m.AdministratorsTable })),
    ),
  },
  "Tenants > Leases": {
    module: "Leases",
    permission: "ledger.view",
    component: lazy(() =>
      import("../../features/leases/components/leases-table.tsx").then((m) => ({ default: m.LeasesTable })),
    ),
    records: lazy(() =>
      import("../../features/leases/components/leases-table.tsx").then((m) => ({ default: m.LeaseRecords })),
    ),
  },
  "Tenants > Pets": {
    module: "Pets",
    permission: "ledger.view",
    component: lazy(() =>
      import("../../features/leases/components/pets-table.tsx").then((m) => ({ default: m.PetsTable })),
    ),
  },
  "Accounting > General Ledger": {
    module: "General Ledger",
    permission: "ledger.view",
    component: lazy(() =>
      import("../../features/accounting/components/general-ledger.tsx").then((m) => ({ default: m.GeneralLedger })),
    ),
  },
  "Accounting > P&L": {
    module: "P&L",
    permission: "ledger.view",
    component: lazy(() =>
      import("../../features/accounting/components/income-statement.tsx").then((m) => ({
        default: m.IncomeStatement,
      })),
    ),
  },
  "Reports > Financial": {
    module: "Financial reports",
    permission: "ledger.view",
    component: lazy(() =>
      import("../../features/reports/components/financial-reports.tsx").then((m) => ({
        default: m.FinancialReports,
      })),
    ),
  },
  "Reports > Occupancy": {
    module: "Occupancy reports",
    permission: "ledger.view",
    component: lazy(() =>
      import("../../features/reports/components/occupancy-reports.tsx").then((m) => ({
        default: m.OccupancyReports,
      })),
    ),
  },
  "Reports > Maintenance": {
    module: "Maintenance reports",
    permission: "maintenance.view",
    component: lazy(() =>
      import("../../features/reports/components/maintenance-reports.tsx").then((m) => ({
        default: m.MaintenanceReports,
      })),
    ),
  },
  "Accounting > Transactions": {
    module: "Transactions",
    permission: "ledger.view",
    component: lazy(() =>
      import("../../features/accounting/components/transactions-table.tsx").then((m) => ({
        default: m.TransactionsTable,
      })),
    ),
  },
  "Accounting > Bank Accounts": {
    module: "Bank Accounts",
    permission: "ledger.view",
    component: lazy(() =>
      import("../../features/accounting/components/bank-accounts.tsx").then((m) => ({ default: m.BankAccounts })),
    ),
  },
  "Accounting > 1099s": {
    module: "1099s",
    permission: "accounting.manage",
    component: lazy(() =>
      import("../../features/accounting/components/tax-forms-1099.tsx").then((m) => ({ default: m.TaxForms1099 })),
    ),
  },
  "Property > By Owner": {
    module: "Owners",
    permission: "ledger.view",
    component: lazy(() =>
      import("../../features/accounting/components/owners.tsx").then((m) => ({ default: m.Owners })),
    ),
  },
  "Accounting > Bills": {
    module: "Bills",
    permission: "ledger.view",
    component: lazy(() => import("../../features/accounting/components/bills.tsx").then((m) => ({ default: m.Bills }))),
  },
  "Maintenance > All Requests": {
    module: "Maintenance",
    permission: "maintenance.view",
    component: lazy(() =>
      import("../../features/maintenance/components/requests-table.tsx").then((m) => ({ default: m.AllRequestsTable })),
    ),
  },
  "Maintenance > Open": {
    module: "Open Requests",
    permission: "maintenance.view",
    component: lazy(() =>
      import("../../features/maintenance/components/requests-table.tsx").then((m) => ({
        default: m.OpenRequestsTable,
      })),
    ),
  },
  "Maintenance > Closed": {
    module: "Closed Requests",
    permission: "maintenance.view",
    component: lazy(() =>
      import("../../features/maintenance/components/requests-table.tsx").then((m) => ({
        default: m.ClosedRequestsTable,
      })),
    ),
  },
  "Maintenance > Vendors": {
    module: "Vendors",
    permission: "vendors.view",
    component: lazy(() =>
      import("../../features/vendors/components/vendors-table.tsx").then((m) => ({ default: m.VendorsTable })),
    ),
  },
  "Users > Staff": {
    module: "Staff",
    permission: "staff.view",
    component: lazy(() =>
      import("../../features/staff/components/staff-table.tsx").then((m) => ({ default: m.StaffTable })),
    ),
  },
};

export const entryKey = (category: string, item: string) => `${category} > ${item}`;

/** Whether a menu entry opens something yet; the others are shown as "Coming soon" (issue 10, item 13). */
export const isBuilt = (category: string, item: string) => Boolean(tableEntries[entryKey(category, item)]?.component);

export const COMING_SOON = "Coming soon";
export const NOT_FOR_YOUR_ROLE = "Not for your role";

/** The dialogs of an entry's records opened in place, if it has them. */
export const entryRecords = (category: string, item: string) => tableEntries[entryKey(category, item)]?.records;

/** The permission an entry needs, if any (issue 13): without it the entry does not open. */
export const entryPermission = (category: string, item: string) => tableEntries[entryKey(category, item)]?.permission;
