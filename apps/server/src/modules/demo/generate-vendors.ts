import type { VendorTrade } from "@keyholder/contracts/vendors";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { vendors } from "../../db/schema/index.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import { last4Of, sealTaxpayerId } from "../vendors/vendor-values.ts";

interface DemoVendor {
  name: string;
  trades: VendorTrade[];
  contact: string;
  city: string;
  state: string;
  zipcode: string;
  legalName: string;
  taxClassification: string;
  /** A made-up EIN or SSN (the 00 group no real one uses); sealed as the vendors module seals one. */
  taxpayerId: string | null;
  eligible1099: boolean;
  insurer: string;
  /** Days from today the insurance certificate runs to (negative: expired). */
  insuredDays: number;
  /** The default expense account's code (the chart every organization starts with). */
  account: string;
}

/** The demo's vendors: the maintenance categories all covered, some 1099-eligible, one with insurance expired. */
const DEMO_VENDORS: DemoVendor[] = [
  {
    name: "Blue Line Plumbing",
    trades: ["plumbing"],
    contact: "Marco Reyes",
    city: "Phoenix",
    state: "AZ",
    zipcode: "85004",
    legalName: "Blue Line Plumbing LLC",
    taxClassification: "llc",
    taxpayerId: "86-0012345",
    eligible1099: true,
    insurer: "Hartwell Mutual",
    insuredDays: 240,
    account: "5410",
  },
  {
    name: "Brightwire Electric",
    trades: ["electrical"],
    contact: "Dana Whitfield",
    city: "Denver",
    state: "CO",
    zipcode: "80202",
    legalName: "Brightwire Electric Inc.",
    taxClassification: "s_corporation",
    taxpayerId: "84-0098765",
    eligible1099: true,
    insurer: "Summit Casualty",
    insuredDays: 150,
    account: "5420",
  },
  {
    name: "Comfort Air Heating & Cooling",
    trades: ["hvac"],
    contact: "Priya Natarajan",
    city: "Austin",
    state: "TX",
    zipcode: "78701",
    legalName: "Comfort Air Services Inc.",
    taxClassification: "c_corporation",
    taxpayerId: null,
    eligible1099: false,
    insurer: "Lone Star Insurance",
    insuredDays: 300,
    account: "5430",
  },
  {
    name: "Appliance Doctor",
    trades: ["appliance"],
    contact: "Sam Okafor",
    city: "Columbus",
    state: "OH",
    zipcode: "43215",
    legalName: "Samuel Okafor",
    taxClassification: "individual",
    taxpayerId: "000-12-3456",
    eligible1099: true,
    insurer: "Buckeye General",
    // The one whose certificate has run out: the grid and the Assign form warn of it.
    insuredDays: -20,
    account: "5440",
  },
  {
    name: "Guardian Pest Control",
    trades: ["pest"],
    contact: "Lena Kowalski",
    city: "Raleigh",
    state: "NC",
    zipcode: "27601",
    legalName: "Guardian Pest Control LLC",
    taxClassification: "llc",
    taxpayerId: "56-0054321",
    eligible1099: true,
    insurer: "Carolina Mutual",
    insuredDays: 90,
    account: "5400",
  },
  {
    name: "KeyRight Locksmiths",
    trades: ["locks"],
    contact: "Tom Becker",
    city: "Portland",
    state: "OR",
    zipcode: "97204",
    legalName: "KeyRight Locksmiths Partnership",
    taxClassification: "partnership",
    taxpayerId: "93-0011223",
    eligible1099: true,
    insurer: "Cascade Insurance",
    insuredDays: 200,
    account: "5400",
  },
  {
    name: "Greenway Grounds",
    trades: ["grounds"],
    contact: "Alicia Moreno",
    city: "Tampa",
    state: "FL",
    zipcode: "33602",
    legalName: "Greenway Grounds Inc.",
    taxClassification: "c_corporation",
    taxpayerId: null,
    eligible1099: false,
    insurer: "Gulf Coast Casualty",
    insuredDays: 365,
    account: "5600",
  },
  {
    name: "Handy Crew General Contracting",
    trades: ["general", "painting", "other"],
    contact: "Chris Lindqvist",
    city: "Minneapolis",
    state: "MN",
    zipcode: "55401",
    legalName: "Handy Crew LLC",
    taxClassification: "llc",
    taxpayerId: "41-0067890",
    eligible1099: true,
    insurer: "North Star Mutual",
    insuredDays: 120,
    account: "5400",
  },
  {
    name: "Sparkle Turnover Cleaning",
    trades: ["cleaning"],
    contact: "Grace Liu",
    city: "Sacramento",
    state: "CA",
    zipcode: "95814",
    legalName: "Grace Liu",
    taxClassification: "individual",
    taxpayerId: "000-45-6789",
    eligible1099: true,
    insurer: "Golden State Insurance",
    insuredDays: 60,
    account: "5500",
  },
];

/** How many open demo requests go to vendors instead of staff. */
export const VENDOR_ASSIGNED_REQUESTS = 12;

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, "");

/**
 * The demo organization's vendors (issue 28 item 9), a fixed handful whatever the scale, with
 * taxpayer ids sealed by the app's secret box exactly as the vendors module seals them, and a few
 * open requests of their trades handed to them instead of staff (the latest ones, so the demo shows
 * them). Their links are made when a manager sends one (the request's Assign form), none here.
 */
export async function generateVendors(
  tx: Tx,
  o: { orgId: string; adminUserId: number },
  box: SecretBox,
): Promise<{ vendors: number; assigned: number }> {
  const accounts = new Map(
    rows<{ code: string; id: number }>(
      await tx.execute(sql`select code, id from ledger_accounts where organization_id = ${o.orgId}
        and type = 'expense' and is_active`),
    ).map((a) => [a.code, Number(a.id)]),
  );
  const [zone] = rows<{ today: string }>(
    await tx.execute(sql`select (now() at time zone time_zone)::date::text as today from organizations
      where id = ${o.orgId}`),
  );
  const today = new Date(`${zone?.today ?? new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  const inserted = await tx
    .insert(vendors)
    .values(
      DEMO_VENDORS.map((v, i) => ({
        organizationId: o.orgId,
        name: v.name,
        trades: v.trades,
        contactName: v.contact,
        email: `${slug(v.name)}@example.com`,
        phone: `(555) 01${String(i).padStart(2, "0")}-${String(4100 + i * 37).padStart(4, "0")}`,
        addressLine1: `${120 + i * 45} Commerce Street`,
        city: v.city,
        stateCode: v.state,
        zipcode: v.zipcode,
        legalName: v.legalName,
        taxClassification: v.taxClassification,
        taxpayerIdSealed: v.taxpayerId === null ? null : sealTaxpayerId(box, v.taxpayerId),
        taxpayerIdLast4: v.taxpayerId === null ? null : last4Of(v.taxpayerId),
        eligible1099: v.eligible1099,
        insuranceProvider: v.insurer,
        insurancePolicyNumber: `GL-${String(700_100 + i * 1_337)}`,
        insuranceExpiresOn: new Date(today.getTime() + v.insuredDays * 86_400_000).toISOString().slice(0, 10),
        defaultExpenseAccountId: accounts.get(v.account) ?? null,
        createdBy: o.adminUserId,
        lastModifiedBy: o.adminUserId,
      })),
    )
    .returning({ id: vendors.id, name: vendors.name, trades: vendors.trades });
  // The latest open requests whose category a vendor works, handed to the first such vendor (the
  // expired one left out): a staff assignee makes way, the history says who it went to.
  const insured = inserted.filter((v) => (DEMO_VENDORS.find((d) => d.name === v.name)?.insuredDays ?? 0) > 0);
  const byTrade = insured.flatMap((v) => v.trades.map((t) => ({ trade: t, id: v.id })));
  const trades = [...new Map(byTrade.map((t) => [t.trade, t])).values()];
  if (!trades.length) return { vendors: inserted.length, assigned: 0 };
  const assigned = rows<{ id: string }>(
    await tx.execute(sql`
      with vendor_of as (
        select * from unnest(${`{${trades.map((t) => t.trade).join(",")}}`}::text[],
          ${`{${trades.map((t) => t.id).join(",")}}`}::uuid[]) as t(trade, vendor_id)
      ),
      picked as (
        select r.id, v.vendor_id from maintenance_requests r join vendor_of v on v.trade = r.category
        where r.organization_id = ${o.orgId} and r.status in ('assigned', 'scheduled', 'in_progress')
        order by r.created_date desc limit ${VENDOR_ASSIGNED_REQUESTS}
      )
      update maintenance_requests r set vendor_id = p.vendor_id, assigned_user_id = null
      from picked p where r.organization_id = ${o.orgId} and r.id = p.id
      returning r.id`),
  );
  if (assigned.length) {
    await tx.execute(sql`
      update maintenance_request_events e set assigned_to = v.name
      from maintenance_requests r join vendors v on v.organization_id = r.organization_id and v.id = r.vendor_id
      where e.organization_id = ${o.orgId} and r.organization_id = e.organization_id and r.id = e.request_id
        and r.id in (${sql.join(
          assigned.map((a) => sql`${a.id}::uuid`),
          sql`, `,
        )}) and e.assigned_to is not null`);
    // The vendor started the work they were given, through their link (as decision 034's history says it).
    await tx.execute(sql`
      update maintenance_request_events e set changed_by = null, changed_by_vendor_id = r.vendor_id,
        changed_by_name = v.name
      from maintenance_requests r join vendors v on v.organization_id = r.organization_id and v.id = r.vendor_id
      where e.organization_id = ${o.orgId} and r.organization_id = e.organization_id and r.id = e.request_id
        and r.id in (${sql.join(
          assigned.map((a) => sql`${a.id}::uuid`),
          sql`, `,
        )}) and e.to_status = 'in_progress'`);
  }
  return { vendors: inserted.length, assigned: assigned.length };
}
