/**
 * The reports (issue 30): the catalogue `GET /api/v1/reports` lists, what each takes and the
 * formats each is downloaded in. A report's own contract (its query and result) is in its file;
 * these are what all of them share.
 */
export const REPORT_FORMATS = ["json", "csv", "xlsx", "pdf"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const reportFormatLabels: Record<Exclude<ReportFormat, "json">, string> = {
  csv: "CSV",
  xlsx: "Excel",
  pdf: "PDF",
};

export const REPORT_AREAS = ["financial", "occupancy", "maintenance"] as const;
export type ReportArea = (typeof REPORT_AREAS)[number];

export const REPORT_PARAMS = [
  "as_of",
  "from",
  "to",
  "period",
  "days",
  "property_id",
  "owner_id",
  "lease_id",
  "account_id",
  "basis",
  "tenants",
] as const;
export type ReportParam = (typeof REPORT_PARAMS)[number];

export interface ReportDefinition {
  id: string;
  area: ReportArea;
  title: string;
  description: string;
  params: readonly ReportParam[];
  /** The parameters it cannot run without (the others have defaults: today, this month, all properties). */
  required?: readonly ReportParam[];
  formats: readonly ReportFormat[];
  /** The menu entry that shows it: a report's address opens that tab. */
  menu: { category: string; item: string };
}

/** Every report served under /api/v1/reports/{id}, in the order the Reports menu shows them. */
export const REPORT_CATALOGUE: readonly ReportDefinition[] = [
  {
    id: "rent-roll",
    area: "occupancy",
    title: "Rent roll",
    description:
      "Every unit on a day: current and notice leases with their rent, market rent, deposits held and balance, and the vacant units.",
    params: ["as_of", "property_id"],
    formats: REPORT_FORMATS,
    menu: { category: "Reports", item: "Occupancy" },
  },
  {
    id: "occupancy",
    area: "occupancy",
    title: "Occupancy over time",
    description:
      "Month by month: the units a lease held (physical occupancy) and the rent charged against market rent (economic occupancy); by property; the units vacant longest.",
    params: ["from", "to", "property_id"],
    formats: REPORT_FORMATS,
    menu: { category: "Reports", item: "Occupancy" },
  },
  {
    id: "lease-expirations",
    area: "occupancy",
    title: "Lease expirations",
    description:
      "Fixed-term leases ending within the next 30, 60, 90 or 120 days, soonest first, with where their renewal stands.",
    params: ["as_of", "days", "property_id"],
    formats: REPORT_FORMATS,
    menu: { category: "Reports", item: "Occupancy" },
  },
  {
    id: "delinquency",
    area: "financial",
    title: "Delinquency",
    description:
      "What each lease owed on a day of charges due by then, aged 0–30, 31–60, 61–90 and over 90 days, less what it had paid ahead; by charge type too.",
    params: ["as_of", "property_id", "tenants"],
    formats: REPORT_FORMATS,
    menu: { category: "Reports", item: "Financial" },
  },
  {
    id: "deposit-register",
    area: "financial",
    title: "Deposit register",
    description: "What each lease had on deposit on a day, adding up to the deposits held on the balance sheet.",
    params: ["as_of", "property_id"],
    formats: REPORT_FORMATS,
    menu: { category: "Reports", item: "Financial" },
  },
  {
    id: "general-ledger",
    area: "financial",
    title: "General ledger detail",
    description:
      "Each account's lines from one day to another with its opening balance, running balance and closing balance; one account or all, one property or all.",
    params: ["from", "to", "account_id", "property_id"],
    formats: REPORT_FORMATS,
    menu: { category: "Reports", item: "Financial" },
  },
  {
    id: "cash-flow",
    area: "financial",
    title: "Cash flow",
    description:
      "Cash at the start of a span, what came in and went out through each account (rent collected, deposits, bills paid, owners' money), and cash at the end.",
    params: ["from", "to", "property_id"],
    formats: REPORT_FORMATS,
    menu: { category: "Reports", item: "Financial" },
  },
  {
    id: "three-way-reconciliation",
    area: "financial",
    title: "Three-way reconciliation",
    description:
      "Each trust account on its last reconciliation: the bank's balance with items in transit, the books' trust cash, and each property's money in it, which must agree.",
    params: ["as_of"],
    formats: REPORT_FORMATS,
    menu: { category: "Reports", item: "Financial" },
  },
  {
    id: "tenant-statement",
    area: "financial",
    title: "Tenant statement",
    description: "A lease's charges and payments from one day to another, the balance brought forward and what is due.",
    params: ["lease_id", "period"],
    required: ["lease_id"],
    formats: REPORT_FORMATS,
    menu: { category: "Tenants", item: "Leases" },
  },
  {
    id: "income-statement",
    area: "financial",
    title: "Profit and loss",
    description: "Income and expenses by account for whole months, beside the months before, accrual or cash basis.",
    params: ["period", "basis", "property_id", "owner_id"],
    formats: REPORT_FORMATS,
    menu: { category: "Accounting", item: "P&L" },
  },
  {
    id: "balance-sheet",
    area: "financial",
    title: "Balance sheet",
    description: "Assets, liabilities and equity at the end of any day.",
    params: ["as_of"],
    formats: REPORT_FORMATS,
    menu: { category: "Accounting", item: "General Ledger" },
  },
  {
    id: "trial-balance",
    area: "financial",
    title: "Trial balance",
    description: "Every account's balance at the end of any day, debits and credits side by side, adding up alike.",
    params: ["as_of"],
    formats: REPORT_FORMATS,
    menu: { category: "Accounting", item: "General Ledger" },
  },
  {
    id: "owner-statement",
    area: "financial",
    title: "Owner statement",
    description:
      "An owner's properties for whole months: beginning cash, income collected, expenses, fees, contributions and distributions, ending cash, what is held back and what is available.",
    params: ["period", "owner_id"],
    required: ["owner_id"],
    formats: REPORT_FORMATS,
    menu: { category: "Property", item: "By Owner" },
  },
  {
    id: "maintenance-aging",
    area: "maintenance",
    title: "Open requests by age",
    description:
      "The maintenance requests open at the end of a day, oldest first: how long each had been open, where it stood, whether it was overdue; by age, status and priority.",
    params: ["as_of", "property_id"],
    formats: REPORT_FORMATS,
    menu: { category: "Reports", item: "Maintenance" },
  },
  {
    id: "maintenance-completion",
    area: "maintenance",
    title: "Completed on time",
    description:
      "The requests completed from one day to another: on time or late by priority, and the days each took from request to completion.",
    params: ["from", "to", "property_id"],
    formats: REPORT_FORMATS,
    menu: { category: "Reports", item: "Maintenance" },
  },
  {
    id: "maintenance-cost",
    area: "maintenance",
    title: "Maintenance cost",
    description:
      "What the work of a span of days cost (labor, material, other; what is billable to residents), by property, category and vendor.",
    params: ["from", "to", "property_id"],
    formats: REPORT_FORMATS,
    menu: { category: "Reports", item: "Maintenance" },
  },
];

/** Reports' shared messages. */
export const reportMessages = {
  property: "Choose a property of the organization",
  range: "The first day comes after the last",
  tooLarge: (rows: number, max: number, background = false) =>
    `This report has ${rows.toLocaleString("en-US")} rows, more than ${max.toLocaleString("en-US")} at once: choose a property${background ? "" : ", or run it in the background"}.`,
};

/** More rows than this are a portfolio: not read at once on screen or by one request. */
export const REPORT_MAX_ROWS = 20_000;

/**
 * A report in the workspace's address (/workspace?report=rent-roll&as_of=...&property_id=...), so
 * it can be bookmarked and shared with a colleague who has access: the report's id and its
 * parameters as the API takes them.
 */
export const REPORT_ADDRESS_PARAMS = [
  "report",
  "as_of",
  "from",
  "to",
  "days",
  "property_id",
  "owner_id",
  "account_id",
  "basis",
  "tenants",
] as const;
export type ReportAddressParam = (typeof REPORT_ADDRESS_PARAMS)[number];
export type ReportAddress = Partial<Record<ReportAddressParam, string>>;

/** The address of a report with its parameters (empty ones left out). */
export function reportAddress(report: string, params: Omit<ReportAddress, "report">) {
  const search = new URLSearchParams({ report });
  for (const key of REPORT_ADDRESS_PARAMS) {
    const value = key === "report" ? undefined : params[key];
    if (value) search.set(key, value);
  }
  return `/workspace?${search}`;
}

/** The report an address names; null when it names none we have. */
export const reportOfAddress = (params: ReportAddress) => REPORT_CATALOGUE.find((r) => r.id === params.report) ?? null;

/** A count with its noun ("1 unit", "1,204 units"), as reports word their totals. */
export const countOf = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** A share as a percent to one decimal ("93.5%"); 0% of nothing. */
export const percentOf = (part: number, whole: number) => `${sharePercent(part, whole)}%`;

/** A share as a number of percent to one decimal (93.5); 0 of nothing. */
export const sharePercent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);
