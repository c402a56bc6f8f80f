import { describe, expect, it } from "vitest";
import {
  insuranceProblem,
  maskedTaxpayerId,
  normalizeTaxpayerId,
  vendorFormSchema,
  vendorMessages,
} from "./vendors.ts";

describe("insuranceProblem: what assigning a vendor warns of", () => {
  it("names a certificate that expired before today", () => {
    expect(insuranceProblem({ insurance_expires_on: "2026-10-01" }, "2026-10-02")).toBe(
      "Insurance expired on 2026-10-01",
    );
  });
  it("accepts a certificate that expires today or later", () => {
    expect(insuranceProblem({ insurance_expires_on: "2026-10-01" }, "2026-10-01")).toBeNull();
    expect(insuranceProblem({ insurance_expires_on: "2027-01-31" }, "2026-12-31")).toBeNull();
  });
  it("says so when no insurance is on file", () => {
    expect(insuranceProblem({ insurance_expires_on: null }, "2026-10-01")).toBe("No insurance on file");
  });
});

describe("taxpayer ids", () => {
  it("keeps an EIN or an SSN as written and writes nine digits as the classification suggests", () => {
    expect(normalizeTaxpayerId("12-3456789", null)).toBe("12-3456789");
    expect(normalizeTaxpayerId(" 123-45-6789 ", "llc")).toBe("123-45-6789");
    expect(normalizeTaxpayerId("123456789", "individual")).toBe("123-45-6789");
    expect(normalizeTaxpayerId("123456789", "llc")).toBe("12-3456789");
    expect(normalizeTaxpayerId("1234-56789", "llc")).toBeNull();
    expect(normalizeTaxpayerId("12345678", null)).toBeNull();
  });
  it("refuses a malformed id with a message under the field", () => {
    const result = vendorFormSchema.safeParse({ name: "Acme", taxpayer_id: "12-345" });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ["taxpayer_id"], message: vendorMessages.taxpayerIdInvalid }),
    ]);
  });
  it("shows the last four digits only", () => {
    expect(maskedTaxpayerId("6789")).toBe("•••-••-6789");
    expect(maskedTaxpayerId(null)).toBe("");
  });
});
