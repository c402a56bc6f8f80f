import { addDays } from "@keyholder/contracts/civil-date";
import {
  LATE_FEE_TYPE_LABELS,
  LATE_FEE_TYPES,
  LEASE_TERM_LABELS,
  LEASE_TERMS,
  type Lease,
  type LeaseRow,
  type LeaseTerm,
  leaseCreateSchema,
  leaseMessages,
  leaseUpdateSchema,
  proratedCents,
} from "@keyholder/contracts/leases";
import { formatCents, parseDollars } from "@keyholder/contracts/money";
import { useQuery } from "@tanstack/react-query";
import type { RecordFormProps } from "../../../components/data-table/record-definition.ts";
import { useRecordSave } from "../../../components/data-table/use-record-save.ts";
import { RecordPicker } from "../../../components/record-picker/record-picker.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { DatePicker } from "../../../components/ui/date-picker.tsx";
import { type RecordEditorProps, RecordFormActions } from "../../../components/ui/record-form.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { getLease, leaseQueryKey } from "../api/get-lease.ts";
import { saveLease } from "../api/save-lease.ts";
import { ChargeLines, PartyLines, PetLines, UnitLines } from "./lease-lines.tsx";
import { type LeaseValues, leaseInput, leaseValues } from "./lease-values.ts";
import { LeaseView } from "./lease-view.tsx";

const termOptions = LEASE_TERMS.map((t) => ({ value: t, label: LEASE_TERM_LABELS[t] }));
const lateFeeOptions = LATE_FEE_TYPES.map((t) => ({ value: t, label: LATE_FEE_TYPE_LABELS[t] }));

/** The first month's rent as move-in will post it, said before saving: what the tenant will owe first. */
function firstMonth(v: LeaseValues) {
  const rent = parseDollars(v.rent_cents);
  if (rent === null || rent === 0 || !/^\d{4}-\d{2}-\d{2}$/.test(v.start_date)) return null;
  const monthEnd = addDays(`${v.start_date.slice(0, 7)}-01`, 40).slice(0, 7);
  const last = addDays(`${monthEnd}-01`, -1);
  const end = v.term === "fixed" && v.end_date && v.end_date < last ? v.end_date : last;
  const owed = proratedCents(rent, v.start_date, end);
  return owed === rent
    ? `First month: ${formatCents(rent)}`
    : `First month: ${formatCents(owed)} for ${v.start_date} to ${end} (of ${formatCents(rent)})`;
}

function LeaseFields({
  mode,
  lease,
  preset,
  onSaved,
  onCancel,
}: Omit<RecordEditorProps<LeaseRow>, "row"> & { lease: Lease | null }) {
  const fromApplicant = preset?.lease;
  const movedIn = Boolean(lease?.moved_in_on);
  const { form, failure, saving, submit } = useRecordSave({
    initialValues: leaseValues(lease, preset),
    schema: lease ? leaseUpdateSchema : leaseCreateSchema,
    toInput: leaseInput,
    save: async (data) => {
      const saved = await saveLease(data, lease?.id);
      return { id: saved.id, name: `Lease ${saved.lease_no}` };
    },
    fallback: mode === "add" ? leaseMessages.createFailed : leaseMessages.saveFailed,
    onSaved,
  });
  const v = form.values;
  const property = v.property_id ? String(v.property_id.id) : null;
  const lateFee = form.nestedErrorsOf("late_fee");
  const preview = firstMonth(v);

  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
      {failure ? <Alert>{failure}</Alert> : null}
      {fromApplicant ? (
        <Alert tone="info">
          From {fromApplicant.tenant.name}'s approved application: {fromApplicant.tenant.name} is now a tenant.
          {fromApplicant.lease.floor_plan_name && !fromApplicant.lease.unit_id
            ? ` They applied for the ${fromApplicant.lease.floor_plan_name} floor plan: choose the unit.`
            : ""}
        </Alert>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="flex flex-col gap-4">
          <RecordPicker
            label="Property"
            source={{ list: "properties" }}
            isRequired
            autoFocus={mode === "add" && !fromApplicant}
            isDisabled={movedIn}
            {...form.field("property_id")}
            onChange={(item) => {
              form.setValue("property_id", item);
              // Units and zones are of one property: another property starts them again.
              if (String(item?.id ?? "") !== property) form.setValue("units", [{ kind: "unit", item: null }]);
            }}
          />
          <UnitLines
            lines={v.units}
            onChange={(units) => form.setValue("units", units)}
            errors={form.nestedErrorsOf("units")}
            listErrors={form.errorsOf("units")}
            propertyId={property}
          />
          <PartyLines
            lines={v.parties}
            onChange={(parties) => form.setValue("parties", parties)}
            errors={form.nestedErrorsOf("parties")}
            listErrors={form.errorsOf("parties")}
          />
        </div>
        <div className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Term"
              options={termOptions}
              {...form.field("term")}
              onChange={(term) => form.setValue("term", term as LeaseTerm)}
            />
            <div />
            <DatePicker label="Start Date" isRequired isDisabled={movedIn} {...form.field("start_date")} />
            {v.term === "fixed" ? (
              <DatePicker label="End Date" isRequired min={v.start_date || undefined} {...form.field("end_date")} />
            ) : (
              <p className="self-end pb-2 text-sm text-slate-600 dark:text-slate-300">Month-to-month: no end date.</p>
            )}
            <TextField
              label="Monthly Rent ($)"
              isRequired
              inputMode="decimal"
              placeholder="0.00"
              {...form.field("rent_cents")}
              description={preview ?? undefined}
            />
            <TextField
              label="Security Deposit ($)"
              inputMode="decimal"
              placeholder="0.00"
              {...form.field("deposit_cents")}
            />
            <TextField
              label="Rent Due Day"
              inputMode="numeric"
              description="31 means the month's last day"
              {...form.field("due_day")}
            />
            <TextField label="Grace Days" inputMode="numeric" {...form.field("grace_days")} />
            {movedIn ? (
              <DatePicker
                label="Changes Take Effect"
                description="A new rent or charge starts this day; the one before ends the day before"
                min={lease?.start_date}
                {...form.field("effective_date")}
              />
            ) : null}
          </div>
          <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-2 dark:border-slate-700">
            <legend className="px-1 text-sm font-semibold">Late fee</legend>
            <SelectField
              label="Late Fee"
              options={lateFeeOptions}
              value={v.late_fee.type}
              onChange={(type) =>
                form.setValue("late_fee", { ...v.late_fee, type: type as LeaseValues["late_fee"]["type"] })
              }
            />
            {v.late_fee.type === "flat" ? (
              <TextField
                label="Late Fee Amount ($)"
                inputMode="decimal"
                value={v.late_fee.amount_cents}
                onChange={(amount_cents) => form.setValue("late_fee", { ...v.late_fee, amount_cents })}
                errors={lateFee.amount_cents}
              />
            ) : null}
            {v.late_fee.type === "percent" ? (
              <TextField
                label="Late Fee Percent of Rent (%)"
                inputMode="decimal"
                value={v.late_fee.percent}
                onChange={(percent) => form.setValue("late_fee", { ...v.late_fee, percent })}
                errors={lateFee.percent}
              />
            ) : null}
            {v.late_fee.type !== "none" ? (
              <TextField
                label="Late Fee Maximum ($, optional)"
                inputMode="decimal"
                value={v.late_fee.max_cents}
                onChange={(max_cents) => form.setValue("late_fee", { ...v.late_fee, max_cents })}
                errors={lateFee.max_cents}
                description={`Charged once a month when rent is unpaid after ${v.grace_days || "0"} grace days`}
              />
            ) : null}
          </fieldset>
        </div>
      </div>
      <ChargeLines
        lines={v.recurring_charges}
        onChange={(lines) => form.setValue("recurring_charges", lines)}
        errors={form.nestedErrorsOf("recurring_charges")}
        listErrors={form.errorsOf("recurring_charges")}
      />
      <PetLines
        lines={v.pets}
        onChange={(pets) => form.setValue("pets", pets)}
        errors={form.nestedErrorsOf("pets")}
        listErrors={form.errorsOf("pets")}
      />
      <RecordFormActions mode={mode} saving={saving} onCancel={onCancel} />
    </form>
  );
}

/** Edit loads the whole lease (parties, units, charge history, pets); Add starts blank or from an applicant. */
function LeaseEditor({ mode, row, preset, onSaved, onCancel }: RecordEditorProps<LeaseRow>) {
  const query = useQuery({
    queryKey: leaseQueryKey(row?.id ?? ""),
    queryFn: () => getLease(row?.id ?? ""),
    enabled: Boolean(row),
  });
  if (row && !query.data) {
    return query.isError ? <Alert>{leaseMessages.saveFailed}</Alert> : <Spinner label="Loading the lease..." />;
  }
  return (
    <LeaseFields
      mode={mode}
      lease={query.data ?? null}
      {...(preset ? { preset } : {})}
      onSaved={onSaved}
      onCancel={onCancel}
    />
  );
}

/** A lease's dialog: View shows the lease, its money and its actions; Add and Edit its form. */
export function LeaseForm({ mode, row, preset, onSaved, onCancel, onEdit }: RecordFormProps<LeaseRow>) {
  if (mode === "view" && row) return <LeaseView leaseId={row.id} onClose={onCancel} onEdit={onEdit} />;
  return <LeaseEditor mode={mode} row={row} {...(preset ? { preset } : {})} onSaved={onSaved} onCancel={onCancel} />;
}
