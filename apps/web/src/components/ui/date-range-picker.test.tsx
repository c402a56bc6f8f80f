import { type CivilDateRange, dateMessages } from "@keyholder/contracts/dates";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DateRangePicker, type DateRangePickerProps } from "./date-range-picker.tsx";

beforeEach(() => {
  // jsdom has no CSS.escape, which react-aria's popover uses to look for a CSP nonce.
  if (!globalThis.CSS?.escape) vi.stubGlobal("CSS", { escape: (s: string) => s.replace(/["\\]/g, "\\$&") });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Field(props: Partial<DateRangePickerProps> & { initial?: CivilDateRange }) {
  const [value, setValue] = useState(props.initial ?? { start: "", end: "" });
  return (
    <>
      <DateRangePicker label="Lease term" {...props} value={value} onChange={setValue} />
      <output>{value.start ? `${value.start}/${value.end}` : "none"}</output>
      <button type="button">Elsewhere</button>
    </>
  );
}

// Read off the DOM: while the calendar is open, react-aria hides the rest of the page from the accessibility tree.
const shownValue = () => document.querySelector("output")?.textContent;
const segment = (end: "Start Date" | "End Date", name: "month" | "day" | "year") =>
  screen.getByRole("spinbutton", { name: new RegExp(`^${name}, ${end}`) });

describe("DateRangePicker", () => {
  it("takes both days by keyboard and gives the form YYYY-MM-DD for each", async () => {
    const user = userEvent.setup();
    render(<Field />);
    await user.click(segment("Start Date", "month"));
    // The start's year done, typing goes on into the end's month.
    await user.keyboard("07012026" + "06302027");
    expect(shownValue()).toBe("2026-07-01/2027-06-30");
    expect(screen.queryByText(dateMessages.rangeReversed)).toBeNull();
  });

  it("says an end typed before its start is backwards; a one-day range is fine", async () => {
    const user = userEvent.setup();
    render(<Field />);
    await user.click(segment("Start Date", "month"));
    await user.keyboard("07102026" + "07092026");
    expect(shownValue()).toBe("2026-07-10/2026-07-09");
    await user.click(screen.getByRole("button", { name: "Elsewhere" }));
    expect(screen.getByText(dateMessages.rangeReversed)).toBeTruthy();
    expect(segment("End Date", "day").getAttribute("aria-invalid")).toBe("true");
    await user.click(segment("End Date", "day"));
    await user.keyboard("10");
    expect(shownValue()).toBe("2026-07-10/2026-07-10");
    expect(screen.queryByText(dateMessages.rangeReversed)).toBeNull();
  });

  it("holds both ends to min, max and the unavailable days, each said once", async () => {
    const user = userEvent.setup();
    render(<Field min="2026-07-05" max="2026-07-25" isDateUnavailable={(d) => d === "2026-07-26"} />);
    await user.click(segment("Start Date", "month"));
    await user.keyboard("07042026" + "07262026");
    await user.click(screen.getByRole("button", { name: "Elsewhere" }));
    const error = screen.getByText(/Value must be/);
    expect(error.textContent).toBe(
      [dateMessages.tooEarly("7/5/2026"), dateMessages.tooLate("7/25/2026"), dateMessages.unavailable].join(" "),
    );
  });

  it("chooses the start and the end on one calendar, where out-of-range days cannot be chosen", async () => {
    const user = userEvent.setup();
    render(<Field initial={{ start: "2026-07-10", end: "2026-07-12" }} min="2026-07-05" />);
    await user.click(screen.getByRole("button", { name: /Calendar/ }));
    const calendar = await screen.findByRole("application");
    const day = (n: number) => within(calendar).getByRole("button", { name: new RegExp(`July ${n}, 2026`) });
    expect(day(4).getAttribute("aria-disabled")).toBe("true");
    // Clicked in either order, the range runs forwards.
    await user.click(day(20));
    await user.click(day(14));
    expect(shownValue()).toBe("2026-07-14/2026-07-20");
    await waitFor(() => expect(screen.queryByRole("application")).toBeNull());
  });
});
