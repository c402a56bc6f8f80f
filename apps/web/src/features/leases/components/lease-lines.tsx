import {
  LEASE_PARTY_ROLE_LABELS,
  LEASE_PARTY_ROLES,
  type LeasePartyRole,
  OTHER_CHARGE_KINDS,
  type OtherChargeKind,
  PET_KIND_LABELS,
  PET_KINDS,
  type PetKind,
  RECURRING_CHARGE_KIND_LABELS,
} from "@keyholder/contracts/leases";
import type { ReactNode } from "react";
import { RecordPicker } from "../../../components/record-picker/record-picker.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { errorClass } from "../../../components/ui/field-styles.ts";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import type { FieldErrors } from "../../../lib/form-errors.ts";
import type { ChargeLine, PartyLine, PetLine, UnitLine } from "./lease-values.ts";

/**
 * The lease form's lists (units and zones, parties, other charges, pets): each row its inputs and a
 * Remove button, an Add button under them; a row's messages under its inputs ("0.unit_id").
 */
interface LinesProps<L> {
  lines: L[];
  onChange(lines: L[]): void;
  /** Messages inside the list by path ("0.tenant_id"), and about the list as a whole. */
  errors: FieldErrors;
  listErrors?: string[] | undefined;
}

const at = (errors: FieldErrors, i: number, ...fields: string[]) => {
  const found = fields.flatMap((f) => errors[`${i}.${f}`] ?? []);
  return found.length ? found : undefined;
};

function replace<L>(lines: L[], i: number, line: L) {
  return lines.map((l, j) => (j === i ? line : l));
}

function Section({
  title,
  children,
  adds,
  listErrors,
}: {
  title: string;
  children: ReactNode;
  adds: { label: string; onAdd(): void }[];
  listErrors?: string[] | undefined;
}) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <legend className="px-1 text-sm font-semibold">{title}</legend>
      {children}
      {listErrors?.length ? <p className={errorClass}>{listErrors.join(" ")}</p> : null}
      <div className="flex flex-wrap gap-2">
        {adds.map((a) => (
          <Button key={a.label} variant="secondary" onPress={a.onAdd}>
            {a.label}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}

function RemoveButton({ label, onPress }: { label: string; onPress(): void }) {
  return (
    <Button variant="ghost" aria-label={label} onPress={onPress}>
      Remove
    </Button>
  );
}

/** The units and zones (parking, storage) the lease covers, chosen from its property's. */
export function UnitLines({
  lines,
  onChange,
  errors,
  listErrors,
  propertyId,
}: LinesProps<UnitLine> & { propertyId: string | null }) {
  return (
    <Section
      title="Units and spaces"
      adds={[
        { label: "Add unit", onAdd: () => onChange([...lines, { kind: "unit", item: null }]) },
        { label: "Add parking or storage", onAdd: () => onChange([...lines, { kind: "zone", item: null }]) },
      ]}
      listErrors={listErrors}
    >
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; their order is their identity
        <div key={i} className="grid items-end gap-2 sm:grid-cols-[1fr_auto]">
          <RecordPicker
            label={line.kind === "unit" ? `Unit ${i + 1}` : `Parking or storage zone ${i + 1}`}
            source={
              line.kind === "unit"
                ? { list: "units-by-property", scopeId: propertyId ?? "" }
                : { list: "zones-by-property", scopeId: propertyId ?? "" }
            }
            isDisabled={!propertyId}
            {...(propertyId ? {} : { description: "Choose the property first" })}
            value={line.item}
            onChange={(item) => onChange(replace(lines, i, { ...line, item }))}
            errors={at(errors, i, "unit_id", "zone_id")}
          />
          {lines.length > 1 ? (
            <RemoveButton label={`Remove line ${i + 1}`} onPress={() => onChange(lines.filter((_, j) => j !== i))} />
          ) : null}
        </div>
      ))}
    </Section>
  );
}

const roleOptions = LEASE_PARTY_ROLES.map((r) => ({ value: r, label: LEASE_PARTY_ROLE_LABELS[r] }));

/** The tenants on the lease, each with a role; exactly one primary. */
export function PartyLines({ lines, onChange, errors, listErrors }: LinesProps<PartyLine>) {
  return (
    <Section
      title="Tenants"
      adds={[{ label: "Add tenant", onAdd: () => onChange([...lines, { tenant: null, role: "co_tenant" }]) }]}
      listErrors={listErrors}
    >
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; their order is their identity
        <div key={i} className="grid items-end gap-2 sm:grid-cols-[2fr_1fr_auto]">
          <RecordPicker
            label={`Tenant ${i + 1}`}
            source={{ list: "tenants" }}
            value={line.tenant}
            onChange={(tenant) => onChange(replace(lines, i, { ...line, tenant }))}
            errors={at(errors, i, "tenant_id")}
          />
          <SelectField
            label={`Role of tenant ${i + 1}`}
            options={roleOptions}
            value={line.role}
            onChange={(role) => onChange(replace(lines, i, { ...line, role: role as LeasePartyRole }))}
            errors={at(errors, i, "role")}
          />
          {lines.length > 1 ? (
            <RemoveButton label={`Remove tenant ${i + 1}`} onPress={() => onChange(lines.filter((_, j) => j !== i))} />
          ) : null}
        </div>
      ))}
    </Section>
  );
}

const chargeOptions = OTHER_CHARGE_KINDS.map((k) => ({ value: k, label: RECURRING_CHARGE_KIND_LABELS[k] }));

/** Monthly charges besides rent (parking, pet rent, storage, utilities). */
export function ChargeLines({ lines, onChange, errors, listErrors }: LinesProps<ChargeLine>) {
  return (
    <Section
      title="Other monthly charges"
      adds={[
        {
          label: "Add monthly charge",
          onAdd: () => onChange([...lines, { kind: "parking", description: "", amount_cents: "" }]),
        },
      ]}
      listErrors={listErrors}
    >
      {lines.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-300">Rent only.</p> : null}
      {lines.map((line, i) => (
        <div key={line.id ?? i} className="grid items-end gap-2 sm:grid-cols-[1fr_2fr_1fr_auto]">
          <SelectField
            label={`Charge ${i + 1}`}
            options={chargeOptions}
            value={line.kind}
            onChange={(kind) => onChange(replace(lines, i, { ...line, kind: kind as OtherChargeKind }))}
          />
          <TextField
            label={`Description of charge ${i + 1}`}
            value={line.description}
            onChange={(description) => onChange(replace(lines, i, { ...line, description }))}
            errors={at(errors, i, "description")}
          />
          <TextField
            label={`Amount of charge ${i + 1} ($/month)`}
            inputMode="decimal"
            placeholder="0.00"
            value={line.amount_cents}
            onChange={(amount_cents) => onChange(replace(lines, i, { ...line, amount_cents }))}
            errors={at(errors, i, "amount_cents")}
          />
          <RemoveButton label={`Remove charge ${i + 1}`} onPress={() => onChange(lines.filter((_, j) => j !== i))} />
        </div>
      ))}
    </Section>
  );
}

const petOptions = PET_KINDS.map((k) => ({ value: k, label: PET_KIND_LABELS[k] }));

/** Pets on the lease; an assistance animal carries no pet deposit or pet rent. */
export function PetLines({ lines, onChange, errors, listErrors }: LinesProps<PetLine>) {
  const blank: PetLine = {
    kind: "dog",
    name: "",
    breed: "",
    weight_lbs: "",
    assistance_animal: false,
    pet_deposit_cents: "",
    pet_rent_cents: "",
    notes: "",
  };
  return (
    <Section
      title="Pets"
      adds={[{ label: "Add pet", onAdd: () => onChange([...lines, blank]) }]}
      listErrors={listErrors}
    >
      {lines.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-300">No pets.</p> : null}
      {lines.map((line, i) => {
        const set = (patch: Partial<PetLine>) => onChange(replace(lines, i, { ...line, ...patch }));
        return (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; their order is their identity
            key={i}
            className="grid items-end gap-2 border-t border-slate-100 pt-2 sm:grid-cols-3 dark:border-slate-800"
          >
            <SelectField
              label={`Pet ${i + 1}`}
              options={petOptions}
              value={line.kind}
              onChange={(kind) => set({ kind: kind as PetKind })}
              errors={at(errors, i, "kind")}
            />
            <TextField label={`Name of pet ${i + 1}`} value={line.name} onChange={(name) => set({ name })} />
            <TextField label={`Breed of pet ${i + 1}`} value={line.breed} onChange={(breed) => set({ breed })} />
            <TextField
              label={`Weight of pet ${i + 1} (lbs)`}
              inputMode="decimal"
              value={line.weight_lbs}
              onChange={(weight_lbs) => set({ weight_lbs })}
              errors={at(errors, i, "weight_lbs")}
            />
            <TextField
              label={`Pet deposit of pet ${i + 1} ($)`}
              inputMode="decimal"
              placeholder="0.00"
              value={line.pet_deposit_cents}
              isDisabled={line.assistance_animal}
              onChange={(pet_deposit_cents) => set({ pet_deposit_cents })}
              errors={at(errors, i, "pet_deposit_cents")}
            />
            <TextField
              label={`Pet rent of pet ${i + 1} ($/month)`}
              inputMode="decimal"
              placeholder="0.00"
              value={line.pet_rent_cents}
              isDisabled={line.assistance_animal}
              onChange={(pet_rent_cents) => set({ pet_rent_cents })}
              errors={at(errors, i, "pet_rent_cents")}
            />
            <div className="flex items-center justify-between gap-2 sm:col-span-3">
              <Checkbox
                isSelected={line.assistance_animal}
                onChange={(assistance_animal) =>
                  set(
                    assistance_animal
                      ? { assistance_animal, pet_deposit_cents: "", pet_rent_cents: "" }
                      : { assistance_animal },
                  )
                }
              >
                Assistance animal (no pet deposit or pet rent)
              </Checkbox>
              <RemoveButton label={`Remove pet ${i + 1}`} onPress={() => onChange(lines.filter((_, j) => j !== i))} />
            </div>
            {at(errors, i, "assistance_animal") ? (
              <p className={`${errorClass} sm:col-span-3`}>{at(errors, i, "assistance_animal")?.join(" ")}</p>
            ) : null}
          </div>
        );
      })}
    </Section>
  );
}
