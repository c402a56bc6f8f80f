import { describe, expect, it } from "vitest";
import { isWebAddress, ZONE_SORT_KEYS, zoneFormSchema, zoneMessages } from "./zones.ts";

describe("zone contracts", () => {
  it.each([
    ["https://example.com", true],
    ["http://example.com/logo.png?size=2#top", true],
    ["HTTPS://EXAMPLE.COM", true],
    ["https://localhost:8080/x", true],
    ["example.com", false],
    ["www.example.com/path", false],
    ["ftp://example.com", false],
    ["javascript:alert(1)", false],
    ["mailto:office@example.com", false],
    ["https://", false],
    ["https:///path", false],
    ["https://exa mple.com", false],
    ["//example.com", false],
  ])("reads %s as a web address: %s", (text, ok) => {
    expect(isWebAddress(text)).toBe(ok);
  });

  it("trims the form's text, stores blanks as nothing and names each bad URL by its label", () => {
    const parsed = zoneFormSchema.parse({
      name: "  North Court ",
      description: " ",
      logo: "",
      url: " https://example.com/north ",
      tax_id: "12-3456789",
      property_id: "00000000-0000-4000-8000-000000000000",
    });
    expect(parsed).toEqual({
      name: "North Court",
      description: null,
      logo: null,
      secondary_url: null,
      url: "https://example.com/north",
      tax_id: "12-3456789",
      property_id: "00000000-0000-4000-8000-000000000000",
    });
    const bad = zoneFormSchema.safeParse({ ...parsed, logo: "logo.png", secondary_url: "www.example.com", url: "x" });
    expect(bad.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["logo", zoneMessages.urlInvalid("Logo URL")],
      ["secondary_url", zoneMessages.urlInvalid("Secondary URL")],
      ["url", zoneMessages.urlInvalid("URL")],
    ]);
  });

  it("accepts tax ids as people write them and refuses what is none", () => {
    for (const taxId of ["12-3456789", "123456789", "DE 123456789", "CA/12.345-6"]) {
      expect(zoneFormSchema.shape.tax_id.safeParse(taxId).success, taxId).toBe(true);
    }
    for (const taxId of ["-12", "ABC", "12#34", "1".repeat(31)]) {
      expect(zoneFormSchema.shape.tax_id.safeParse(taxId).success, taxId).toBe(false);
    }
  });

  it("sorts by name by default", () => {
    expect(ZONE_SORT_KEYS[0]).toBe("z.name");
  });
});
