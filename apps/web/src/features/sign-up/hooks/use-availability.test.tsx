import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAvailability } from "./use-availability.ts";

const always = () => true;

describe("useAvailability", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("checks 500 ms after typing stops and reports exists or free", async () => {
    const check = vi.fn(async (v: string) => v === "taken@example.com");
    const { result, rerender } = renderHook(({ value }) => useAvailability(value, check, always), {
      initialProps: { value: "t" },
    });
    expect(result.current).toBe("checking");
    rerender({ value: "taken@example.com" });
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(check).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(check).toHaveBeenCalledTimes(1);
    expect(result.current).toBe("exists");
    rerender({ value: "free@example.com" });
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(result.current).toBe("free");
  });

  it("treats a failed check as free and skips values that should not be checked", async () => {
    const failing = vi.fn(async () => {
      throw new Error("offline");
    });
    const { result, rerender } = renderHook(({ value }) => useAvailability(value, failing, (v) => v.includes("@")), {
      initialProps: { value: "no-at" },
    });
    expect(result.current).toBe("idle");
    rerender({ value: "a@b.c" });
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(result.current).toBe("free");
  });
});
