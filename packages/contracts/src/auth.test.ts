import { describe, expect, it } from "vitest";
import {
  authMessages,
  createAccountProblems,
  createAccountRequestSchema,
  emailProblems,
  formatPhone,
  loginProblems,
  normalizeUnits,
  PASSWORD_SPECIAL_CHARACTERS,
  parseUnits,
  passwordProblems,
  phoneProblems,
  splitPropertyTypes,
} from "./auth.ts";

describe("sign-up email rule", () => {
  it("needs an '@' and a '.', reporting each", () => {
    expect(emailProblems("ada@example.com")).toEqual([]);
    expect(emailProblems("ada.example.com")).toEqual([authMessages.emailAt]);
    expect(emailProblems("ada@example")).toEqual([authMessages.emailDot]);
    expect(emailProblems("ada")).toEqual([authMessages.emailAt, authMessages.emailDot]);
    expect(authMessages.emailAt).toBe("Email must have an '@'");
    expect(authMessages.emailDot).toBe("Email must have a '.'");
  });
});

describe("sign-up password rule", () => {
  it("accepts 12+ characters with a digit, a special character and an uppercase letter", () => {
    expect(passwordProblems("Correct-Horse-9")).toEqual([]);
  });

  it.each([
    ["Short-1A", "Must be 12 or more characters long"],
    ["No-Numbers-Here", "Must have 1 or more numbers"],
    ["NoSpecials12345", "Must contain 1 or more special characters"],
    ["no-uppercase-123", "Must have 1 or more uppercase letters"],
  ])("%s -> %s", (password, message) => {
    expect(passwordProblems(password)).toEqual([message]);
  });

  it("reports every unmet rule at once and counts each special character of the fixed set", () => {
    expect(passwordProblems("")).toHaveLength(4);
    for (const c of PASSWORD_SPECIAL_CHARACTERS) expect(passwordProblems(`Abcdefghijk1${c}`)).toEqual([]);
    expect(passwordProblems("Abcdefghijk1 ")).toEqual([authMessages.passwordSpecial]);
  });
});

describe("phone", () => {
  it("formats as (123) 456-7890 while typing, at most ten digits", () => {
    expect(formatPhone("")).toBe("");
    expect(formatPhone("5")).toBe("(5");
    expect(formatPhone("5551")).toBe("(555) 1");
    expect(formatPhone("5551234")).toBe("(555) 123-4");
    expect(formatPhone("555-123-4567 ext 89")).toBe("(555) 123-4567");
  });

  it("needs at least ten digits", () => {
    expect(phoneProblems("(555) 123-456")).toEqual(["Must have at least 10 digits"]);
    expect(phoneProblems("(555) 123-4567")).toEqual([]);
  });
});

describe("number of units", () => {
  it("keeps digits only and strips leading zeros", () => {
    expect(normalizeUnits("0042x")).toBe("42");
    expect(normalizeUnits("1,200")).toBe("1200");
    expect(normalizeUnits("000")).toBe("0");
    expect(normalizeUnits("abc")).toBe("");
  });

  it("parses to an integer, 0 when unparsable", () => {
    expect(parseUnits("0042")).toBe(42);
    expect(parseUnits("")).toBe(0);
  });
});

describe("whole sign-up payload", () => {
  const valid = createAccountRequestSchema.parse({
    email: "ada@example.com",
    password: "Correct-Horse-9",
    first_name: "Ada",
    last_name: "Owner",
    phone: "(555) 123-4567",
    receive_marketing: false,
    accepted_terms: true,
    accepted_terms_date: "2026-01-01T00:00:00.000Z",
    company_name: "Harbor Homes",
    num_of_units: 12,
    property_types: "Office, Single-Family Home",
    current_software: "Spreadsheets",
  });

  it("has no problems when every rule holds", () => {
    expect(createAccountProblems(valid)).toEqual({});
    expect(splitPropertyTypes(valid.property_types)).toEqual(["Office", "Single-Family Home"]);
  });

  it("reports each rule by field in the spec's words", () => {
    const problems = createAccountProblems({
      ...valid,
      first_name: "",
      last_name: " ",
      company_name: "",
      property_types: " , ",
      current_software: "",
      accepted_terms: false,
      confirm_password: "different",
    });
    expect(problems).toEqual({
      confirm_password: ["Confirmed password must match password"],
      first_name: [authMessages.firstNameRequired],
      last_name: [authMessages.lastNameRequired],
      company_name: [authMessages.companyRequired],
      property_types: [authMessages.propertyTypeRequired],
      current_software: [authMessages.softwareRequired],
      accepted_terms: ["You must accept the terms and conditions"],
    });
  });
});

describe("login form rules", () => {
  it("needs an '@' in the username and 3+ password characters", () => {
    expect(loginProblems({ username: "ada@example.com", password: "abc" })).toEqual({});
    expect(loginProblems({ username: "ada", password: "ab" })).toEqual({
      username: ["Please enter a valid email"],
      password: ["Password must be at least 3 characters"],
    });
  });
});
