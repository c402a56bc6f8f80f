import {
  authMessages,
  type CreateAccountRequest,
  emailProblems,
  parseUnits,
  passwordProblems,
  phoneProblems,
  required,
} from "@keyholder/contracts/auth";
import type { AvailabilityState } from "./hooks/use-availability.ts";

/** The wizard's values as typed (spec section 2: three steps). */
export interface SignUpValues {
  email: string;
  password: string;
  confirmPassword: string;
  firstName: string;
  lastName: string;
  phone: string;
  companyName: string;
  numOfUnits: string;
  propertyTypes: string[];
  currentSoftware: string;
  receiveMarketing: boolean;
  acceptedTerms: boolean;
}

export const emptyValues: SignUpValues = {
  email: "",
  password: "",
  confirmPassword: "",
  firstName: "",
  lastName: "",
  phone: "",
  companyName: "",
  numOfUnits: "",
  propertyTypes: [],
  currentSoftware: "",
  receiveMarketing: false,
  acceptedTerms: false,
};

export type FieldName = Exclude<keyof SignUpValues, "receiveMarketing">;

export const fieldLabels: Record<FieldName, string> = {
  email: "Email",
  password: "Password",
  confirmPassword: "Confirm password",
  firstName: "First name",
  lastName: "Last name",
  phone: "Phone",
  companyName: "Company name",
  numOfUnits: "Number of units",
  propertyTypes: "Property type",
  currentSoftware: "Current software",
  acceptedTerms: "Terms and conditions",
};

/** email-password -> first-last-phone -> company-property-software. */
export const steps: { id: string; title: string; fields: FieldName[] }[] = [
  { id: "email-password", title: "Email and password", fields: ["email", "password", "confirmPassword"] },
  { id: "first-last-phone", title: "About you", fields: ["firstName", "lastName", "phone"] },
  {
    id: "company-property-software",
    title: "Your company",
    fields: ["companyName", "numOfUnits", "propertyTypes", "currentSoftware", "acceptedTerms"],
  },
];

export interface Availability {
  email: AvailabilityState;
  companyName: AvailabilityState;
}

/** Messages for one field; availability counts only once known ('exists' is an error, 'checking' blocks). */
export function fieldProblems(field: FieldName, v: SignUpValues, availability: Availability): string[] {
  switch (field) {
    case "email": {
      const problems = emailProblems(v.email);
      if (problems.length) return problems;
      return availability.email === "exists" ? [authMessages.emailExists] : [];
    }
    case "password":
      return passwordProblems(v.password);
    case "confirmPassword":
      return v.confirmPassword === v.password && v.confirmPassword !== "" ? [] : [authMessages.confirmMismatch];
    case "firstName":
      return required(v.firstName, authMessages.firstNameRequired);
    case "lastName":
      return required(v.lastName, authMessages.lastNameRequired);
    case "phone":
      return phoneProblems(v.phone);
    case "companyName": {
      const problems = required(v.companyName, authMessages.companyRequired);
      if (problems.length) return problems;
      return availability.companyName === "exists" ? [authMessages.companyExists] : [];
    }
    case "numOfUnits":
      return required(v.numOfUnits, authMessages.unitsRequired);
    case "propertyTypes":
      return v.propertyTypes.length ? [] : [authMessages.propertyTypeRequired];
    case "currentSoftware":
      return required(v.currentSoftware, authMessages.softwareRequired);
    case "acceptedTerms":
      return v.acceptedTerms ? [] : [authMessages.termsRequired];
  }
}

/** Every field's problems, as the form pattern takes them (lib/use-form). */
export function wizardProblems(v: SignUpValues, availability: Availability): Partial<Record<FieldName, string[]>> {
  const all = steps.flatMap((s) => s.fields).map((f) => [f, fieldProblems(f, v, availability)] as const);
  return Object.fromEntries(all.filter(([, problems]) => problems.length > 0));
}

/** An availability check of this step that has not answered yet. */
export function pendingCheck(stepIndex: number, availability: Availability): "email" | "companyName" | null {
  const fields = steps[stepIndex]?.fields ?? [];
  if (fields.includes("email") && availability.email === "checking") return "email";
  if (fields.includes("companyName") && availability.companyName === "checking") return "companyName";
  return null;
}

/** Continue is enabled only when every field of the step is valid and no availability check is pending. */
export function isStepValid(stepIndex: number, v: SignUpValues, availability: Availability): boolean {
  const step = steps[stepIndex];
  if (!step || pendingCheck(stepIndex, availability)) return false;
  return step.fields.every((f) => fieldProblems(f, v, availability).length === 0);
}

/** The sign-up payload of spec section 3. */
export function buildPayload(v: SignUpValues, now = new Date()): CreateAccountRequest {
  return {
    email: v.email.trim(),
    password: v.password,
    first_name: v.firstName.trim(),
    last_name: v.lastName.trim(),
    phone: v.phone,
    receive_marketing: v.receiveMarketing,
    accepted_terms: v.acceptedTerms,
    accepted_terms_date: v.acceptedTerms ? now.toISOString() : "",
    company_name: v.companyName.trim(),
    num_of_units: parseUnits(v.numOfUnits),
    property_types: v.propertyTypes.join(","),
    current_software: v.currentSoftware.trim(),
  };
}

/** Payload field (server error) -> wizard field. */
export const payloadFieldToWizard: Record<string, FieldName> = {
  email: "email",
  password: "password",
  first_name: "firstName",
  last_name: "lastName",
  phone: "phone",
  company_name: "companyName",
  num_of_units: "numOfUnits",
  property_types: "propertyTypes",
  current_software: "currentSoftware",
  accepted_terms: "acceptedTerms",
};

export const stepOfField = (field: FieldName) => steps.findIndex((s) => s.fields.includes(field));
