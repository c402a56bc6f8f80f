import { authMessages } from "@keyholder/contracts/auth";
import { describe, expect, it } from "vitest";
import { groupPropertyTypes } from "./property-type-filter.ts";
import {
  type Availability,
  buildPayload,
  emptyValues,
  fieldProblems,
  isStepValid,
  type SignUpValues,
} from "./wizard-state.ts";

const free: Availability = { email: "free", companyName: "free" };
const filled: SignUpValues = {
  email: "ada@example.com",
  password: "Correct-Horse-9",
  confirmPassword: "Correct-Horse-9",
  firstName: "Ada",
  lastName: "Owner",
  phone: "(555) 123-4567",
  companyName: "Harbor Homes",
  numOfUnits: "42",
  propertyTypes: ["Office", "Single-Family Home"],
  currentSoftware: "Spreadsheets",
  receiveMarketing: true,
  acceptedTerms: true,
};

describe("sign-up wizard state", () => {
  it("keeps Continue disabled until the step's fields are valid", () => {
    expect(isStepValid(0, emptyValues, free)).toBe(false);
    expect(isStepValid(0, filled, free)).toBe(true);
    expect(isStepValid(0, { ...filled, confirmPassword: "Correct-Horse-8" }, free)).toBe(false);
    expect(isStepValid(1, filled, free)).toBe(true);
    expect(isStepValid(1, { ...filled, phone: "(555) 123" }, free)).toBe(false);
    expect(isStepValid(2, filled, free)).toBe(true);
    expect(isStepValid(2, { ...filled, acceptedTerms: false }, free)).toBe(false);
    expect(isStepValid(2, { ...filled, propertyTypes: [] }, free)).toBe(false);
  });

  it("waits for availability and refuses taken names", () => {
    expect(isStepValid(0, filled, { ...free, email: "checking" })).toBe(false);
    expect(isStepValid(0, filled, { ...free, email: "exists" })).toBe(false);
    expect(fieldProblems("email", filled, { ...free, email: "exists" })).toEqual([authMessages.emailExists]);
    expect(fieldProblems("companyName", filled, { ...free, companyName: "exists" })).toEqual([
      authMessages.companyExists,
    ]);
    expect(isStepValid(2, filled, { ...free, companyName: "checking" })).toBe(false);
    // A check that failed is treated as free, so "idle" never blocks.
    expect(isStepValid(0, filled, { email: "idle", companyName: "idle" })).toBe(true);
  });

  it("builds the spec's payload", () => {
    const now = new Date("2026-03-01T10:00:00.000Z");
    expect(buildPayload(filled, now)).toEqual({
      email: "ada@example.com",
      password: "Correct-Horse-9",
      first_name: "Ada",
      last_name: "Owner",
      phone: "(555) 123-4567",
      receive_marketing: true,
      accepted_terms: true,
      accepted_terms_date: "2026-03-01T10:00:00.000Z",
      company_name: "Harbor Homes",
      num_of_units: 42,
      property_types: "Office,Single-Family Home",
      current_software: "Spreadsheets",
    });
    expect(buildPayload({ ...filled, acceptedTerms: false, numOfUnits: "" }, now)).toMatchObject({
      accepted_terms_date: "",
      num_of_units: 0,
    });
  });
});

describe("property type filter", () => {
  const types = [
    { id: 1, code: "SFH", name: "Single-Family Home", description: "", category: "Residential" as const },
    { id: 2, code: "OFF", name: "Office", description: "", category: "Commercial" as const },
    { id: 3, code: "WHS", name: "Warehouse", description: "", category: "Industrial" as const },
  ];

  it("groups by category, residential first, and filters by name", () => {
    expect(groupPropertyTypes(types, "").map((g) => g.category)).toEqual(["Residential", "Commercial", "Industrial"]);
    expect(groupPropertyTypes(types, "ware")).toEqual([{ category: "Industrial", types: [types[2]] }]);
    expect(groupPropertyTypes(types, "castle")).toEqual([]);
  });
});
