import { authMessages, emailProblems, formatPhone, normalizeUnits } from "@keyholder/contracts/auth";
import { TEXT_LIMITS } from "@keyholder/contracts/text";
import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { errorClass } from "../../../components/ui/field-styles.ts";
import { PasswordField } from "../../../components/ui/password-field.tsx";
import { missingText, SubmitButton } from "../../../components/ui/submit-button.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import type { FieldErrors } from "../../../lib/form-errors.ts";
import { useForm } from "../../../lib/use-form.ts";
import { emailExists } from "../api/check-email.ts";
import { organizationNameExists } from "../api/check-organization-name.ts";
import { createAccount } from "../api/create-account.ts";
import { useAvailability } from "../hooks/use-availability.ts";
import {
  type Availability,
  buildPayload,
  emptyValues,
  type FieldName,
  fieldLabels,
  isStepValid,
  payloadFieldToWizard,
  pendingCheck,
  type SignUpValues,
  stepOfField,
  steps,
  wizardProblems,
} from "../wizard-state.ts";
import { PropertyTypePicker } from "./property-type-picker.tsx";
import { StepChecklist } from "./step-checklist.tsx";

const isCheckableEmail = (v: string) => emailProblems(v).length === 0;
const isNonEmpty = (v: string) => v.length > 0;
const linkClass = "font-semibold text-brand-700 underline dark:text-brand-100";

export interface SignUpWizardProps {
  onWaitlisted(): void;
  onSignedIn(session: Exclude<Awaited<ReturnType<typeof createAccount>>, { waitlisted: true }>): void;
}

export function SignUpWizard({ onWaitlisted, onSignedIn }: SignUpWizardProps) {
  const form = useForm<SignUpValues>({
    initialValues: emptyValues,
    validate: (v): FieldErrors => wizardProblems(v, availability),
  });
  const { values } = form;
  const [step, setStep] = useState(0);
  const [focused, setFocused] = useState<FieldName | null>(null);
  const availability: Availability = {
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
      form.setServerErrors(mapped);
      const first = (Object.keys(mapped) as FieldName[]).map(stepOfField).filter((s) => s >= 0);
      if (first.length) setStep(Math.min(...first));
    },
  });

  /** A field's props on the form pattern, plus the checklist's focus highlight. */
  const field = <K extends FieldName>(name: K) => ({
    ...form.field(name),
    onFocusChange: (isFocused: boolean) => setFocused((f) => (isFocused ? name : f === name ? null : f)),
  });
  const describe = (name: "email" | "companyName") => {
    const state = availability[name];
    if (state === "checking") return name === "email" ? authMessages.emailChecking : authMessages.companyChecking;
    if (state === "free") return name === "email" ? "Email is available" : "Name is available";
    return undefined;
  };

  const current = steps[step] ?? steps[0];
  const fields = current?.fields ?? [];
  const valid = isStepValid(step, values, availability);
  const last = step === steps.length - 1;
  const submit = form.handleSubmit(() => {
    if (!valid || mutation.isPending) return;
    if (last) mutation.mutate(buildPayload(values));
    else {
      setStep(step + 1);
      mutation.reset();
    }
  }, fields);
  const checking = pendingCheck(step, availability);
  const { empty, wrong } = form.incomplete(fields);
  const reason = checking
    ? checking === "email"
      ? authMessages.emailChecking
      : authMessages.companyChecking
    : missingText({ empty: empty.map((f) => fieldLabels[f]), wrong: wrong.map((f) => fieldLabels[f]) });
  const failure =
    mutation.error && !(mutation.error instanceof ApiError && mutation.error.fields)
      ? mutation.error instanceof ApiError && mutation.error.code
        ? mutation.error.message
        : `${authMessages.createAccountFailed}: ${mutation.error instanceof ApiError ? mutation.error.status : mutation.error.message}`
      : null;
  const emailErrors = form.errorsOf("email");
  const termsErrors = form.errorsOf("acceptedTerms");

  return (
    <div className="grid gap-4 md:grid-cols-[220px_1fr] md:gap-8">
      <aside className="md:border-r md:border-slate-200 md:pr-6 dark:md:border-slate-800">
        <StepChecklist values={values} availability={availability} focused={focused} currentStep={step} />
      </aside>
      <form onSubmit={submit} noValidate className="flex min-w-0 flex-col gap-4" aria-label={`Step ${step + 1} of 3`}>
        <h2 className="text-lg font-semibold">
          Step {step + 1} of 3: {current?.title}
        </h2>
        {failure ? <Alert>{failure}</Alert> : null}
        {step === 0 ? (
          <>
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              maxLength={TEXT_LIMITS.email}
              {...field("email")}
              description={
                emailErrors?.includes(authMessages.emailExists) ? (
                  <>
                    Is it yours?{" "}
                    <Link to="/login" className={linkClass}>
                      Log in
                    </Link>{" "}
                    or{" "}
                    <Link to="/forgot-password" className={linkClass}>
                      Forgot password
                    </Link>
                  </>
                ) : (
                  describe("email")
                )
              }
              autoFocus
            />
            <PasswordField label="Password" autoComplete="new-password" {...field("password")} />
            <PasswordField label="Confirm password" autoComplete="new-password" {...field("confirmPassword")} />
          </>
        ) : null}
        {step === 1 ? (
          <>
            <TextField
              label="First name"
              autoComplete="given-name"
              maxLength={TEXT_LIMITS.personName}
              {...field("firstName")}
              autoFocus
            />
            <TextField
              label="Last name"
              autoComplete="family-name"
              maxLength={TEXT_LIMITS.personName}
              {...field("lastName")}
            />
            <TextField
              label="Phone"
              type="tel"
              autoComplete="tel-national"
              placeholder="(123) 456-7890"
              {...field("phone")}
              onChange={(v) => form.setValue("phone", formatPhone(v))}
            />
          </>
        ) : null}
        {step === 2 ? (
          <>
            <TextField
              label="Company name"
              autoComplete="organization"
              maxLength={TEXT_LIMITS.organizationName}
              {...field("companyName")}
              description={describe("companyName")}
              autoFocus
            />
            <TextField
              label="Number of units"
              inputMode="numeric"
              {...field("numOfUnits")}
              onChange={(v) => form.setValue("numOfUnits", normalizeUnits(v))}
            />
            <PropertyTypePicker {...field("propertyTypes")} />
            <TextField
              label="Current software"
              placeholder="e.g. Spreadsheets, AppFolio, Buildium"
              maxLength={TEXT_LIMITS.shortText}
              {...field("currentSoftware")}
            />
            <Checkbox isSelected={values.receiveMarketing} onChange={(v) => form.setValue("receiveMarketing", v)}>
              Send me product news and tips by email and text (optional)
            </Checkbox>
            <div className="flex flex-col gap-1">
              {/* The link stays outside the checkbox's label, whose click would toggle instead of follow it. */}
              <div className="flex flex-wrap items-start gap-x-2 gap-y-1">
                <Checkbox
                  isSelected={values.acceptedTerms}
                  onChange={(v) => form.setValue("acceptedTerms", v)}
                  onBlur={() => form.leave("acceptedTerms")}
                  isInvalid={(termsErrors?.length ?? 0) > 0}
                  aria-describedby={termsErrors ? "sign-up-terms-error" : undefined}
                >
                  I accept the terms and conditions
                </Checkbox>
                <Link to="/terms" target="_blank" rel="noopener" className={`text-sm ${linkClass}`}>
                  Read the terms<span className="sr-only"> (opens in a new tab)</span>
                </Link>
              </div>
              {termsErrors ? (
                <p id="sign-up-terms-error" className={errorClass}>
                  {termsErrors.join(" ")}
                </p>
              ) : null}
            </div>
          </>
        ) : null}
        <div className="mt-2 flex items-start justify-between gap-3">
          <Button variant="secondary" isDisabled={step === 0 || mutation.isPending} onPress={() => setStep(step - 1)}>
            Back
          </Button>
          <SubmitButton isDisabled={!valid} isPending={mutation.isPending} reason={reason}>
            {last ? (mutation.isPending ? "Creating Account..." : "Create Account and Log In") : "Continue"}
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}
