import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useSuggestions } from "./use-suggestions.ts";

afterEach(() => vi.useRealTimers());

describe("a search box's suggestion list", () => {
  it("closes a moment after the box loses focus", () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useSuggestions(["a"], () => {}));
    act(() => result.current.inputProps.onFocus());
    act(() => result.current.inputProps.onBlur());
    expect(result.current.open).toBe(true);
    act(() => vi.runAllTimers());
    expect(result.current.open).toBe(false);
  });

  it("stays open when focus comes back within that moment", () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useSuggestions(["a"], () => {}));
    act(() => result.current.inputProps.onFocus());
    act(() => result.current.inputProps.onBlur());
    act(() => result.current.inputProps.onFocus());
    act(() => vi.runAllTimers());
    expect(result.current.open).toBe(true);
  });
});
