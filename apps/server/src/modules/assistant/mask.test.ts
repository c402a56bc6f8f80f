import { describe, expect, it } from "vitest";
import { maskPersonalData } from "./mask.ts";

describe("masking personal data before it leaves the server", () => {
  it("hides email addresses and phone numbers as people write them", () => {
    const phones = [
      "(512) 555-0142",
      "512-555-0142",
      "512.555.0142",
      "512 555 0142",
      "512–555–0142",
      "512/555-0142",
      "512 5550142",
      "5125550142",
      "1-800-555-0199",
      "512 555 0142x12",
      "+1 512 5550142",
      "+44 20 7946 0958",
      "+44 7911 123456",
      "+33 1 42 68 53 00",
      "+49 30 12345678",
      "+91 98765 43210",
      "+34 912 345 678",
      "+7 495 123-45-67",
      "07911 123456",
      "020 7946 0958",
    ];
    for (const phone of phones) expect(maskPersonalData(`call ${phone} today`), phone).toBe("call [phone] today");
    for (const email of ["jane.doe@example.com", "j+tag@mail.example.co.uk", "émile@exemple.fr"]) {
      expect(maskPersonalData(`write to ${email}.`), email).toBe("write to [email].");
    }
  });

  it("leaves the figures the assistant talks in as they are", () => {
    const figures = [
      "650-1200 sq ft",
      "$1200-1500 a month",
      "$1,250",
      "units 1001-1050",
      "Units 101 1204",
      "1,234 units",
      "1,000,000 units (92.0% occupied)",
      "in ZIP code 78701",
      "2026 2027",
      "2026-11-24 10:15 UTC",
      "1,250.5000",
      "45.5% of 1200 units",
      "12 of 30",
      "0.5 baths",
    ];
    for (const text of figures) expect(maskPersonalData(text), text).toBe(text);
  });
});
