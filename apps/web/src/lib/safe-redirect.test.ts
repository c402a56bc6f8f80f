import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect.ts";

describe("safeRedirect", () => {
  it("keeps paths on this site with their query and hash", () => {
    expect(safeRedirect("/workspace?tab=units#top")).toBe("/workspace?tab=units#top");
  });

  it.each([
    "//evil.example/x",
    "https://evil.example",
    "/\\evil.example",
    "javascript:alert(1)",
    "workspace",
    undefined,
    42,
  ])("refuses %s", (target) => {
    expect(safeRedirect(target)).toBe("/workspace");
  });

  it("does not loop back to the login page", () => {
    expect(safeRedirect("/login?redirect=/x")).toBe("/workspace");
  });
});
