import {
  type ApplicationDraft,
  type ApplicationReceipt,
  applicationFormSchema,
  applicationMessages,
  MOVE_IN_MAX_DAYS_AHEAD,
} from "@keyholder/contracts/applications";
import { dateProblems } from "@keyholder/contracts/dates";
import { unitName } from "@keyholder/contracts/property-listing";
import type { PublicPropertyDetails } from "@keyholder/contracts/public-properties";
import { useEffect, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { DatePicker } from "../../../components/ui/date-picker.tsx";
import { PhoneField } from "../../../components/ui/phone-field.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { addDays, formatCivilDate, todayCivil } from "../../../lib/civil-date.ts";
import { type FieldErrors, zodFieldErrors } from "../../../lib/form-errors.ts";
import { useForm } from "../../../lib/use-form.ts";
import { saveApplicationDraft } from "../api/save-application-draft.ts";
import { submitApplication } from "../api/submit-application.ts";
import { availableText, bedroomsOne, moneyText, sizeText } from "../utils/listing-format.ts";
import { ApplicationConfirmation } from "./application-confirmation.tsx";

interface Values {
  full_name: string;
  email: string;
  phone: string;
  /** The select's value: "plan:{id}", "unit:{id}" (a unit offered without a floor plan), or "" for any. */
  home: string;
  move_in_date: string;
  message: string;
}

const idOf = (home: string, kind: "plan" | "unit") => (home.startsWith(`${kind}:`) ? Number(home.slice(5)) : null);

const toPayload = ({ home, ...v }: Values) => ({
  ...v,
  floor_plan_id: idOf(home, "plan"),
  unit_id: idOf(home, "unit"),
});

/** The server's messages about the floor plan or unit belong under the one select that chooses them. */
const homeErrors = (fields: FieldErrors): FieldErrors => {
  const { floor_plan_id, unit_id, ...rest } = fields;
  const home = [...(floor_plan_id ?? []), ...(unit_id ?? [])];
  return home.length ? { ...rest, home } : rest;
};

/** From today in the applicant's own calendar to a year ahead: the date field's limits. */
const moveInLimits = () => {
  const today = todayCivil();
  return { min: today, max: addDays(today, MOVE_IN_MAX_DAYS_AHEAD) };
};

function validate(values: Values): FieldErrors {
  const parsed = applicationFormSchema.safeParse(toPayload(values));
  const errors = parsed.success ? {} : homeErrors(zodFieldErrors(parsed.error));
  // The applicant's calendar decides "in the past", not the server's clock; the field's own limits.
  const outside = errors.move_in_date ? [] : dateProblems(values.move_in_date, moveInLimits(), formatCivilDate);
  if (outside.length) errors.move_in_date = outside;
  return errors;
}

/** A request key made once per form: a double click or a retry submits the same application. */
const newKey = () =>
  typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;

export function ApplicationForm({
  slug,
  property,
  draft,
  resumeToken,
}: {
  slug: string;
  property: PublicPropertyDetails;
  draft: ApplicationDraft | undefined;
  resumeToken: string | undefined;
}) {
  // A draft's choice comes back while the property still offers it.
  const draftHome = !draft
    ? ""
    : property.floor_plans.some((p) => p.id === draft.floor_plan_id)
      ? `plan:${draft.floor_plan_id}`
      : property.units.some((u) => u.id === draft.unit_id)
        ? `unit:${draft.unit_id}`
        : "";
  const form = useForm<Values>({
    initialValues: {
      full_name: draft?.full_name ?? "",
      email: draft?.email ?? "",
      phone: draft?.phone ?? "",
      home: draftHome,
      move_in_date: draft?.move_in_date ?? "",
      message: draft?.message ?? "",
    },
    validate,
  });
  const [key] = useState(newKey);
  const [token, setToken] = useState(resumeToken);
  const [busy, setBusy] = useState<"submit" | "draft" | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<ApplicationReceipt | null>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const confirmation = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (receipt) confirmation.current?.querySelector<HTMLElement>("h2")?.focus();
  }, [receipt]);

  if (receipt) {
    return (
      <div ref={confirmation}>
        <ApplicationConfirmation receipt={receipt} slug={slug} />
      </div>
    );
  }

  const fail = (err: unknown) => {
    if (err instanceof ApiError && err.fields && Object.keys(err.fields).length) {
      form.setServerErrors(homeErrors(err.fields));
    }
    setFailure(
      err instanceof ApiError ? err.message : "Could not reach Keyholder. Check your connection and try again.",
    );
  };

  const submit = form.handleSubmit(async (values) => {
    setBusy("submit");
    setFailure(null);
    try {
      setReceipt(
        await submitApplication(slug, {
          ...toPayload(values),
          idempotency_key: key,
          resume_token: token ?? null,
          website: honeypot.current?.value || undefined,
        }),
      );
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
    }
  });

  // "Finish later" needs only a valid email, where the link is sent.
  const saveForLater = form.handleSubmit(
    async (values) => {
      setBusy("draft");
      setFailure(null);
      setSaved(null);
      try {
        const result = await saveApplicationDraft(
          slug,
          { ...toPayload(values), website: honeypot.current?.value || undefined },
          token,
        );
        setToken(result.resume_token);
        setSaved(applicationMessages.draftSaved);
      } catch (err) {
        fail(err);
      } finally {
        setBusy(null);
      }
    },
    ["email"],
  );

  const { floor_plans: plans, units } = property;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-describedby="apply-intro">
      <p id="apply-intro" className="text-sm text-slate-600 dark:text-slate-400">
        Name, email, phone and move-in date are required. Your answers go only to the team at {property.name}.
      </p>
      {failure ? <Alert>{failure}</Alert> : null}
      {saved ? (
        <p
          role="status"
          className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
        >
          {saved}
        </p>
      ) : null}
      <TextField label="Full Name" autoComplete="name" isRequired {...form.field("full_name")} />
      <TextField label="Email" type="email" autoComplete="email" isRequired {...form.field("email")} />
      <PhoneField label="Phone Number" isRequired {...form.field("phone")} />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label="Floor plan or unit"
          {...form.field("home")}
          options={[
            { value: "", label: plans.length + units.length ? "Any available home" : "No homes available right now" },
            ...plans.map((p) => ({
              value: `plan:${p.id}`,
              label: `${p.name} · ${bedroomsOne(p.bedrooms)} · ${moneyText(p.rent)}/mo · ${availableText(p.available_units)}`,
              group: "Floor plans",
            })),
            ...units.map((u) => ({
              value: `unit:${u.id}`,
              label: [
                unitName(u),
                u.bedrooms === null ? null : bedroomsOne(u.bedrooms),
                u.square_feet === null ? null : sizeText(u.square_feet),
              ]
                .filter(Boolean)
                .join(" · "),
              group: "Units",
            })),
          ]}
        />
        <DatePicker
          label="Desired move-in date"
          isRequired
          description="From today to a year ahead."
          {...moveInLimits()}
          {...form.field("move_in_date")}
        />
      </div>
      <TextField
        label="Message (optional)"
        rows={4}
        description="Anything the team should know: pets, parking, who will live with you."
        {...form.field("message")}
      />
      {/* People never see or reach this field; a bot that fills it is ignored by the server. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          Website
          <input ref={honeypot} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button
          variant="secondary"
          onPress={() => void saveForLater()}
          isPending={busy === "draft"}
          isDisabled={busy !== null}
        >
          {busy === "draft" ? "Saving..." : "Save and finish later"}
        </Button>
        <Button type="submit" isPending={busy === "submit"} isDisabled={busy !== null}>
          {busy === "submit" ? "Submitting..." : "Submit Application"}
        </Button>
      </div>
    </form>
  );
}
