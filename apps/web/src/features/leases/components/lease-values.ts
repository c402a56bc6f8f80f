import type {
  LateFeeType,
  Lease,
  LeaseCreateInput,
  LeasePartyRole,
  LeaseTerm,
  LeaseUpdateInput,
  OtherChargeKind,
  PetKind,
} from "@keyholder/contracts/leases";
import { centsToInput, parseDollars } from "@keyholder/contracts/money";
import type { RelatedItem } from "@keyholder/contracts/related-items";
import type { AddPreset } from "../../../lib/tab-handlers.ts";

/**
 * The lease form's values as typed: money as dollars text (read to cents exactly by
 * parseDollars), picked records as {id, value}. Field names are the API's, so the schema's and the
 * server's messages land under the inputs they are about.
 */
export interface UnitLine {
  kind: "unit" | "zone";
  item: RelatedItem | null;
}
export interface PartyLine {
  tenant: RelatedItem | null;
  role: LeasePartyRole;
}
export interface ChargeLine {
  id?: string;
  kind: OtherChargeKind;
  description: string;
  amount_cents: string;
}
export interface PetLine {
  kind: PetKind;
  name: string;
  breed: string;
  weight_lbs: string;
  assistance_animal: boolean;
  pet_deposit_cents: string;
  pet_rent_cents: string;
  notes: string;
}
export interface LeaseValues {
  property_id: RelatedItem | null;
  units: UnitLine[];
  parties: PartyLine[];
  term: LeaseTerm;
  start_date: string;
  end_date: string;
  due_day: string;
  grace_days: string;
  rent_cents: string;
  deposit_cents: string;
  late_fee: { type: LateFeeType; amount_cents: string; percent: string; max_cents: string };
  recurring_charges: ChargeLine[];
  pets: PetLine[];
  effective_date: string;
  application_id: string | null;
}

const money = (cents: number) => (cents ? centsToInput(cents) : "");

/**
 * The form's start: a lease being edited, one made from an approved applicant, one added from a
 * tenant's page (that tenant its primary party), or a blank one.
 */
export function leaseValues(lease: Lease | null, preset?: AddPreset): LeaseValues {
  if (lease) {
    return {
      property_id: { id: lease.property_id, value: lease.property_name },
      units: lease.units
        .filter((u) => u.holds)
        .map((u) =>
          u.unit_id !== null
            ? { kind: "unit" as const, item: { id: u.unit_id, value: u.name } }
            : { kind: "zone" as const, item: { id: u.zone_id ?? 0, value: u.name } },
        ),
      parties: lease.parties.map((p) => ({ tenant: { id: p.tenant_id, value: p.name }, role: p.role })),
      term: lease.term,
      start_date: lease.start_date,
      end_date: lease.end_date ?? "",
      due_day: String(lease.due_day),
      grace_days: String(lease.grace_days),
      rent_cents: money(
        lease.recurring_charges.find((c) => c.kind === "rent" && c.in_effect)?.amount_cents ?? lease.rent_cents,
      ),
      deposit_cents: money(lease.deposit_cents),
      late_fee: {
        type: lease.late_fee.type,
        amount_cents: money(lease.late_fee.amount_cents),
        percent: lease.late_fee.percent === "0" ? "" : lease.late_fee.percent,
        max_cents: lease.late_fee.max_cents === null ? "" : centsToInput(lease.late_fee.max_cents),
      },
      recurring_charges: lease.recurring_charges
        .filter((c) => c.kind !== "rent" && c.in_effect)
        .map((c) => ({
          id: c.id,
          kind: c.kind as OtherChargeKind,
          description: c.description,
          amount_cents: centsToInput(c.amount_cents),
        })),
      pets: lease.pets.map((p) => ({
        kind: p.kind,
        name: p.name ?? "",
        breed: p.breed ?? "",
        weight_lbs: p.weight_lbs ?? "",
        assistance_animal: p.assistance_animal,
        pet_deposit_cents: money(p.pet_deposit_cents),
        pet_rent_cents: money(p.pet_rent_cents),
        notes: p.notes ?? "",
      })),
      effective_date: "",
      application_id: lease.application_id,
    };
  }
  const fromApplicant = preset?.lease;
  const from = fromApplicant?.lease;
  const tenant = fromApplicant
    ? { id: fromApplicant.tenant.id, value: fromApplicant.tenant.name }
    : (preset?.tenant ?? null);
  return {
    property_id: from ? { id: from.property_id, value: from.property_name } : null,
    units: [
      {
        kind: "unit",
        item: from?.unit_id ? { id: from.unit_id, value: from.unit_number ?? String(from.unit_id) } : null,
      },
    ],
    parties: [
      {
        tenant,
        role: "primary",
      },
    ],
    term: "fixed",
    start_date: from?.start_date ?? "",
    end_date: "",
    due_day: "1",
    grace_days: "5",
    rent_cents: "",
    deposit_cents: "",
    late_fee: { type: "none", amount_cents: "", percent: "", max_cents: "" },
    recurring_charges: [],
    pets: [],
    effective_date: "",
    application_id: from?.application_id ?? null,
  };
}

/** Dollars text to cents; what is not an amount goes through as typed, for the schema to refuse by name. */
const cents = (text: string, empty: number | null = 0) =>
  text.trim() === "" ? empty : (parseDollars(text) ?? (text as unknown as number));
const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : (text as unknown as number));

/** The values as the lease schemas read them. */
export function leaseInput(v: LeaseValues): LeaseCreateInput & Partial<LeaseUpdateInput> {
  return {
    property_id: v.property_id ? String(v.property_id.id) : "",
    units: v.units.map((u) =>
      u.kind === "unit" ? { unit_id: Number(u.item?.id ?? 0) } : { zone_id: Number(u.item?.id ?? 0) },
    ),
    parties: v.parties.map((p) => ({ tenant_id: p.tenant ? String(p.tenant.id) : "", role: p.role })),
    term: v.term,
    start_date: v.start_date,
    end_date: v.term === "fixed" ? v.end_date || (undefined as unknown as string) : null,
    due_day: whole(v.due_day),
    grace_days: whole(v.grace_days),
    rent_cents: cents(v.rent_cents, null) as number,
    deposit_cents: cents(v.deposit_cents) as number,
    late_fee: {
      type: v.late_fee.type,
      amount_cents: cents(v.late_fee.amount_cents) as number,
      percent: v.late_fee.percent.trim() || "0",
      max_cents: cents(v.late_fee.max_cents, null),
    },
    recurring_charges: v.recurring_charges.map((c) => ({
      ...(c.id ? { id: c.id } : {}),
      kind: c.kind,
      description: c.description,
      amount_cents: cents(c.amount_cents) as number,
    })),
    pets: v.pets.map((p) => ({
      kind: p.kind,
      name: p.name,
      breed: p.breed,
      weight_lbs: p.weight_lbs,
      assistance_animal: p.assistance_animal,
      pet_deposit_cents: cents(p.pet_deposit_cents) as number,
      pet_rent_cents: cents(p.pet_rent_cents) as number,
      notes: p.notes,
    })),
    application_id: v.application_id,
    ...(v.effective_date ? { effective_date: v.effective_date } : {}),
  };
}
