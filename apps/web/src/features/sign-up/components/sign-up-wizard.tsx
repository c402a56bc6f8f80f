import { authMessages, emailProblems, formatPhone, normalizeUnits } from "@keyholder/contracts/auth";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { PasswordField } from "../../auth/components/password-field.tsx";
import { emailExists } from "../api/check-email.ts";
import { organizationNameExists } from "../api/check-organization-name.ts";
import { createAccount } from "../api/create-account.ts";
import { useAvailability } from "../hooks/use-availability.ts";
import {
  buildPayload,
  emptyValues,
  type FieldName,
  fieldProblems,
  isStepValid,
  payloadFieldToWizard,
  type SignUpValues,
  stepOfField,
  steps,
} from "../wizard-state.ts";
import { PropertyTypePicker } from "./property-type-picker.tsx";
import { StepChecklist } from "./step-checklist.tsx";

const isCheckableEmail = (v: string) => emailProblems(v).length === 0;
const isNonEmpty = (v: string) => v.length > 0;

export interface SignUpWizardProps {
  onWaitlisted(): void;
  onSignedIn(session: Exclude<Awaited<ReturnType<typeof createAccount>>, { waitlisted: true }>): void;
}

export function SignUpWizard({ onWaitlisted, onSignedIn }: SignUpWizardProps) {
  const [values, setValues] = useState<SignUpValues>(emptyValues);
  const [step, setStep] = useState(0);
  const [focused, setFocused] = useState<FieldName | null>(null);
  const [touched, setTouched] = useState<Set<FieldName>>(new Set());
  const [serverErrors, setServerErrors] = useState<Partial<Record<FieldName, string[]>>>({});

  const availability = {
    email: useAvailability(values.email, emailExists, isCheckableEmail),
    companyName: useAvailability(values.companyName, organizationNameExists, isNonEmpty),
  };

  const mutation = useMutation({
    mutationFn: createAccount,
    onSuccess(result) {
      if (result.waitlisted) onWaitlisted();
      else onSignedIn(result);
    },
    onError(error) {
      if (!(error instanceof ApiError) || !error.fields) return;
      const mapped: Partial<Record<FieldName, string[]>> = {};
      for (const [field, messages] of Object.entries(error.fields)) {
        const wizardField = payloadFieldToWizard[field];
        if (wizardField) mapped[wizardField] = messages;
      }
      setServerErrors(mapped);
      const first = (Object.keys(mapped) as FieldName[]).map(stepOfField).filter((s) => s >= 0);
      if (first.length) setStep(Math.min(...first));
    },
  });

  const set = <K extends keyof SignUpValues>(field: K, value: SignUpValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
  };
  const focus = (field: FieldName) => (isFocused: boolean) => {
    if (isFocused) setFocused(field);
    else {
      setFocused((f) => (f === field ? null : f));
      setTouched((t) => new Set(t).add(field));
    }
  };
  const errorsFor = (field: FieldName) => {
    if (serverErrors[field]?.length) return serverErrors[field];
    if (!touched.has(field) && !(field === "confirmPassword" && values.confirmPassword)) return undefined;
    return fieldProblems(field, values, availability);
  };
  const describe = (field: "email" | "companyName") => {
    const state = availability[field];
    if (state === "checking") return field === "email" ? authMessages.emailChecking : authMessages.companyChecking;
    if (state === "free") return field === "email" ? "Email is available" : "Name is available";
    return undefined;
  };

  const valid = isStepValid(step, values, availability);
  const last = step === steps.length - 1;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid || mutation.isPending) return;
    if (last) mutation.mutate(buildPayload(values));
    else {
      setStep(step + 1);
      mutation.reset();
    }
  };
  const failure =
    mutation.error && !(mutation.error instanceof ApiError && mutation.error.fields)
      ? mutation.error instanceof ApiError && mutation.error.code
        ? mutation.error.message
        : `${authMessages.createAccountFailed}: ${mutation.error instanceof ApiError ? mutation.error.status : mutation.error.message}`
      : null;

  return (
    <div className="grid gap-8 md:grid-cols-[220px_1fr]">
      <aside className="md:border-r md:border-slate-200 md:pr-6 dark:md:border-slate-800">
        <StepChecklist values={values} availability={availability} focused={focused} currentStep={step} />
      </aside>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={`Step ${step + 1} of 3`}>
        <h2 className="text-lg font-semibold">
          Step {step + 1} of 3: {steps[step]?.title}
        </h2>
        {failure ? <Alert>{failure}</Alert> : null}
        {step === 0 ? (
          <>
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              value={values.email}
              onChange={(v) => set("email", v)}
              onFocusChange={focus("email")}
              errors={errorsFor("email") ?? (availability.email === "exists" ? [authMessages.emailExists] : undefined)}
              description={describe("email")}
              autoFocus
            />
            <PasswordField
              label="Password"
              autoComplete="new-password"
              value={values.password}
              onChange={(v) => set("password", v)}
              onFocusChange={focus("password")}
              errors={values.password ? fieldProblems("password", values, availability) : errorsFor("password")}
            />
            <PasswordField
              label="Confirm password"
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={(v) => set("confirmPassword", v)}
              onFocusChange={focus("confirmPassword")}
              errors={errorsFor("confirmPassword")}
            />
          </>
        ) : null}
        {step === 1 ? (
          <>
            <TextField
              label="First name"
              autoComplete="given-name"
              value={values.firstName}
              onChange={(v) => set("firstName", v)}
              onFocusChange={focus("firstName")}
              errors={errorsFor("firstName")}
              autoFocus
            />
            <TextField
              label="Last name"
              autoComplete="family-name"
              value={values.lastName}
              onChange={(v) => set("lastName", v)}
              onFocusChange={focus("lastName")}
              errors={errorsFor("lastName")}
            />
            <TextField
              label="Phone"
              type="tel"
              autoComplete="tel-national"
              placeholder="(123) 456-7890"
              value={values.phone}
              onChange={(v) => set("phone", formatPhone(v))}
              onFocusChange={focus("phone")}
              errors={errorsFor("phone")}
            />
          </>
        ) : null}
        {step === 2 ? (
          <>
            <TextField
              label="Company name"
              autoComplete="organization"
              value={values.companyName}
              onChange={(v) => set("companyName", v)}
              onFocusChange={focus("companyName")}
              errors={
                errorsFor("companyName") ??
                (availability.companyName === "exists" ? [authMessages.companyExists] : undefined)
              }
              description={describe("companyName")}
              autoFocus
            />
            <TextField
              label="Number of units"
              inputMode="numeric"
              value={values.numOfUnits}
              onChange={(v) => set("numOfUnits", normalizeUnits(v))}
              onFocusChange={focus("numOfUnits")}
              errors={errorsFor("numOfUnits")}
            />
            <PropertyTypePicker
              value={values.propertyTypes}
              onChange={(v) => set("propertyTypes", v)}
              onFocusChange={focus("propertyTypes")}
              errors={errorsFor("propertyTypes")}
            />
            <TextField
              label="Current software"
              placeholder="e.g. Spreadsheets, AppFolio, Buildium"
              value={values.currentSoftware}
              onChange={(v) => set("currentSoftware", v)}
              onFocusChange={focus("currentSoftware")}
              errors={errorsFor("currentSoftware")}
            />
            <Checkbox isSelected={values.receiveMarketing} onChange={(v) => set("receiveMarketing", v)}>
              Send me product news and tips by email and text (optional)
            </Checkbox>
            <Checkbox
              isSelected={values.acceptedTerms}
              onChange={(v) => {
                set("acceptedTerms", v);
                setTouched((t) => new Set(t).add("acceptedTerms"));
              }}
              isInvalid={(errorsFor("acceptedTerms")?.length ?? 0) > 0}
            >
              I accept the terms and conditions
            </Checkbox>
            {errorsFor("acceptedTerms")?.length ? (
              <p className="text-xs text-red-600 dark:text-red-400">{errorsFor("acceptedTerms")?.join(" ")}</p>
            ) : null}
          </>
        ) : null}
        <div className="mt-2 flex items-center justify-between gap-3">
          <Button variant="secondary" isDisabled={step === 0 || mutation.isPending} onPress={() => setStep(step - 1)}>
            Back
          </Button>
          <Button type="submit" isDisabled={!valid || mutation.isPending}>
            {last ? (mutation.isPending ? "Creating account..." : "create account and log in") : "Continue"}
          </Button>
        </div>
      </form>
    </div>
  );
}
