import { describe, expect, it } from "vitest";
import { expiryOf, tenantDocumentFieldsSchema, tenantFormSchema, tenantMessages, tenantNameOf } from "./tenants.ts";

describe("the tenant form", () => {
  it("keeps a person's names and drops a company's name, and the other way round", () => {
    const person = tenantFormSchema.parse({
      kind: "person",
      first_name: " Maria ",
      last_name: "Lopez",
      company_name: "Left over",
      email: "Maria@Example.COM",
      phone: "512.555.0101",
    });
    expect(person).toMatchObject({ first_name: "Maria", company_name: null, email: "maria@example.com" });
    expect(tenantNameOf(person)).toBe("Maria Lopez");
    const company = tenantFormSchema.parse({ kind: "company", company_name: "Acme LLC", first_name: "Left" });
    expect(company).toMatchObject({ first_name: null, last_name: null, company_name: "Acme LLC", email: null });
    expect(tenantNameOf(company)).toBe("Acme LLC");
  });

  it("names each problem under its field", () => {
    const result = tenantFormSchema.safeParse({
      kind: "person",
      email: "a@b",
      alternate_email: "no spaces@example.com",
      alternate_phone: "12345",
      emergency_contact_phone: "(512) 555-0199",
    });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(result.error?.issues.map((i) => [i.path.join("."), i.message]) ?? []);
    expect(byField).toEqual({
      first_name: tenantMessages.firstNameRequired,
      last_name: tenantMessages.lastNameRequired,
      email: tenantMessages.emailInvalid,
      alternate_email: tenantMessages.emailInvalid,
      alternate_phone: tenantMessages.phoneDigits,
      emergency_contact_name: tenantMessages.emergencyPhoneWithoutName,
    });
  });
});

describe("a document's expiry", () => {
  it("is expired before today, expiring through the soon day, valid after, none without a date", () => {
    expect(expiryOf("2026-11-25", "2026-11-26", "2026-12-26")).toBe("expired");
    expect(expiryOf("2026-11-26", "2026-11-26", "2026-12-26")).toBe("expiring");
    expect(expiryOf("2026-12-26", "2026-11-26", "2026-12-26")).toBe("expiring");
    expect(expiryOf("2026-12-27", "2026-11-26", "2026-12-26")).toBe("valid");
    expect(expiryOf(null, "2026-11-26", "2026-12-26")).toBe("none");
  });

  it("takes an empty expiry as none and refuses a day that does not exist", () => {
    expect(tenantDocumentFieldsSchema.parse({ title: "ID", kind: "id", expires_on: "" }).expires_on).toBeNull();
    expect(tenantDocumentFieldsSchema.safeParse({ title: "ID", kind: "id", expires_on: "2027-02-29" }).success).toBe(
      false,
    );
  });
});
