import { describe, expect, it } from "vitest";
import { formatShare, parseShare } from "./owners.ts";

describe("owners' shares", () => {
  it("reads a share as typed, exactly, and writes it back", () => {
    expect(parseShare("60")).toBe(6_000);
    expect(parseShare("33.33%")).toBe(3_333);
    expect(parseShare(" 12.5 ")).toBe(1_250);
    expect(parseShare("100")).toBe(10_000);
    for (const bad of ["0", "100.01", "1.234", "abc", "", "-5"]) expect(parseShare(bad)).toBeNull();
    expect(formatShare(3_333)).toBe("33.33%");
    expect(formatShare(6_000)).toBe("60%");
  });
});
