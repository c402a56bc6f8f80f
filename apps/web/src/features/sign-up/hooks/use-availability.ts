import { AVAILABILITY_DEBOUNCE_MS } from "@keyholder/contracts/auth";
import { useEffect, useRef, useState } from "react";

export type AvailabilityState = "idle" | "checking" | "exists" | "free";

/**
 * Asks the server whether a value is taken, 500 ms after typing stops. Only values that pass
 * `shouldCheck` are sent. A failed check counts as free (spec section 5): the server refuses a
 * duplicate at submit anyway.
 */
export function useAvailability(
  value: string,
  check: (value: string, signal: AbortSignal) => Promise<boolean>,
  shouldCheck: (value: string) => boolean,
  delayMs = AVAILABILITY_DEBOUNCE_MS,
): AvailabilityState {
  const [state, setState] = useState<AvailabilityState>("idle");
  // The functions may be new on every render; only a new value should restart the wait.
  const fns = useRef({ check, shouldCheck });
  fns.current = { check, shouldCheck };
  useEffect(() => {
    const trimmed = value.trim();
    if (!fns.current.shouldCheck(trimmed)) {
      setState("idle");
      return;
    }
    setState("checking");
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fns.current.check(trimmed, controller.signal).then(
        (exists) => {
          if (!controller.signal.aborted) setState(exists ? "exists" : "free");
        },
        () => {
          if (!controller.signal.aborted) setState("free");
        },
      );
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, delayMs]);
  return state;
}
