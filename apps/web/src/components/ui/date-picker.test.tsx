import { DATE_PICKER_LOCALES, DATE_SEGMENT_PAGE_STEPS, dateMessages } from "@keyholder/contracts/dates";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { I18nProvider } from "react-aria-components";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DatePicker, type DatePickerProps } from "./date-picker.tsx";

beforeEach(() => {
  // jsdom has no CSS.escape, which react-aria's popover uses to look for a CSP nonce.
  if (!globalThis.CSS?.escape) vi.stubGlobal("CSS", { escape: (s: string) => s.replace(/["\\]/g, "\\$&") });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A form's field: the value as the form holds it (shown in an output), and a button to leave to. */
function Field(props: Partial<DatePickerProps> & { initial?: string }) {
  const [value, setValue] = useState(props.initial ?? "");
  return (
    <>
      <DatePicker label="Available Date" {...props} value={value} onChange={setValue} />
      <output aria-label="value">{value}</output>
      <button type="button">Elsewhere</button>
    </>
  );
}

const segment = (name: "month" | "day" | "year") =>
  screen.getByRole("spinbutton", { name: new RegExp(`^${name}, Available Date`) });
// Read off the DOM: while the calendar is open, react-aria hides the rest of the page from the accessibility tree.
const shownValue = () => document.querySelector("output")?.textContent;

/** Types a whole day into the segments, month first (en-US), as a keyboard user does. */
async function typeDay(user: ReturnType<typeof userEvent.setup>, digits: string) {
  await user.click(segment("month"));
  await user.keyboard(digits);
}

describe("DatePicker", () => {
  it("takes a day typed by keyboard and gives the form YYYY-MM-DD", async () => {
    const user = userEvent.setup();
    render(<Field />);
    await typeDay(user, "07042026");
    expect(shownValue()).toBe("2026-07-04");
    expect(segment("month").textContent).toBe("7");
    expect(segment("day").textContent).toBe("4");
    expect(segment("year").textContent).toBe("2026");
  });

  it("shows a form's YYYY-MM-DD as the day, and clears to an empty string", async () => {
    const user = userEvent.setup();
    render(<Field initial="2024-02-29" />);
    expect([segment("month"), segment("day"), segment("year")].map((s) => s.textContent)).toEqual(["2", "29", "2024"]);
    for (const name of ["year", "day", "month"] as const) {
      await user.click(segment(name));
      await user.keyboard("{Backspace}{Backspace}{Backspace}{Backspace}");
    }
    expect(shownValue()).toBe("");
  });

  it("says a day before min is too early once the user leaves the field, in the spec's words", async () => {
    const user = userEvent.setup();
    render(<Field min="2026-07-01" />);
    await typeDay(user, "06302026");
    expect(shownValue()).toBe("2026-06-30");
    // Still in the field: nothing said yet.
    expect(screen.queryByText(dateMessages.tooEarly("7/1/2026"))).toBeNull();
    await user.click(screen.getByRole("button", { name: "Elsewhere" }));
    expect(screen.getByText(dateMessages.tooEarly("7/1/2026"))).toBeTruthy();
    expect(segment("day").getAttribute("aria-invalid")).toBe("true");
    // From then on it follows the value: a day in range clears it.
    await user.click(segment("day"));
    await user.keyboard("01");
    expect(shownValue()).toBe("2026-06-01");
    await user.click(segment("month"));
    await user.keyboard("{ArrowUp}");
    expect(shownValue()).toBe("2026-07-01");
    expect(screen.queryByText(/Value must be/)).toBeNull();
    expect(segment("day").getAttribute("aria-invalid")).toBeNull();
  });

  it("says a day after max is too late", async () => {
    const user = userEvent.setup();
    render(<Field max="2026-07-01" />);
    await typeDay(user, "07022026");
    await user.tab();
    await user.tab();
    expect(screen.getByText(dateMessages.tooLate("7/1/2026"))).toBeTruthy();
  });

  it("says an unavailable day is unavailable", async () => {
    const user = userEvent.setup();
    render(<Field isDateUnavailable={(day) => day === "2026-07-04"} />);
    await typeDay(user, "07042026");
    await user.click(screen.getByRole("button", { name: "Elsewhere" }));
    expect(screen.getByText(dateMessages.unavailable)).toBeTruthy();
  });

  it("shows the form's messages (a server's) under the field, and its own first when the day breaks a limit", async () => {
    const { rerender } = render(
      <DatePicker label="Available Date" value="2026-06-30" onChange={() => {}} errors={["Refused by the server"]} />,
    );
    expect(screen.getByText("Refused by the server")).toBeTruthy();
    expect(segment("month").getAttribute("aria-invalid")).toBe("true");
    rerender(
      <DatePicker
        label="Available Date"
        value="2026-06-30"
        min="2026-07-01"
        onChange={() => {}}
        errors={["Available date must be a date"]}
      />,
    );
    expect(screen.getByText(dateMessages.tooEarly("7/1/2026"))).toBeTruthy();
    expect(screen.queryByText("Available date must be a date")).toBeNull();
  });

  it("chooses a day from the calendar, where days out of min and max and unavailable ones cannot be chosen", async () => {
    const user = userEvent.setup();
    render(
      <Field initial="2026-07-10" min="2026-07-05" max="2026-07-20" isDateUnavailable={(d) => d === "2026-07-15"} />,
    );
    await user.click(screen.getByRole("button", { name: /Calendar/ }));
    const calendar = await screen.findByRole("application");
    expect(within(calendar).getByRole("heading").textContent).toBe("July 2026");
    const day = (n: number) => within(calendar).getByRole("button", { name: new RegExp(`July ${n}, 2026`) });
    expect(day(4).getAttribute("aria-disabled")).toBe("true");
    expect(day(21).getAttribute("aria-disabled")).toBe("true");
    expect(day(15).getAttribute("aria-disabled")).toBe("true");
    await user.click(day(15));
    expect(shownValue()).toBe("2026-07-10");
    await user.click(day(16));
    expect(shownValue()).toBe("2026-07-16");
    expect(screen.queryByRole("application")).toBeNull();
  });

  it("chooses a day from the calendar by keyboard alone", async () => {
    const user = userEvent.setup();
    render(<Field initial="2026-07-10" />);
    await user.click(segment("month"));
    // Tab from the year segment reaches the calendar button; Enter opens it on the chosen day.
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement?.getAttribute("aria-label")).toMatch(/Calendar/);
    await user.keyboard("{Enter}");
    await screen.findByRole("application");
    // Arrows move by day and week, Page Down by month; Enter chooses and closes.
    await user.keyboard("{ArrowRight}{ArrowDown}{PageDown}{Enter}");
    expect(shownValue()).toBe("2026-08-18");
    await waitFor(() => expect(screen.queryByRole("application")).toBeNull());
  });

  it("pages segments by the spec's steps: year 5, month 2, day 7", async () => {
    const user = userEvent.setup();
    const { year, month, day } = DATE_SEGMENT_PAGE_STEPS;
    render(<Field initial="2025-01-01" />);
    // react-aria pages a year to the next multiple of the step (2025 is one).
    await user.click(segment("year"));
    await user.keyboard("{PageUp}");
    expect(shownValue()).toBe(`${2025 + year}-01-01`);
    await user.click(segment("month"));
    await user.keyboard("{PageUp}");
    expect(shownValue()).toBe(`${2025 + year}-0${1 + month}-01`);
    await user.click(segment("day"));
    await user.keyboard("{PageUp}");
    expect(shownValue()).toBe(`${2025 + year}-0${1 + month}-0${1 + day}`);
    await user.keyboard("{PageDown}");
    await user.click(segment("month"));
    await user.keyboard("{PageDown}");
    await user.click(segment("year"));
    await user.keyboard("{PageDown}");
    expect(shownValue()).toBe("2025-01-01");
  });
});

describe("DatePicker in other locales", () => {
  it("keeps the spec's messages where react-aria would say them in the browser's language", async () => {
    // The browser's language, which react-aria words its own messages in. It reads it again on
    // 'languagechange' while a component of its is mounted (and keeps it until the next one).
    const setLanguage = (language: string | null) =>
      act(() => {
        if (language) Object.defineProperty(window.navigator, "language", { value: language, configurable: true });
        else Reflect.deleteProperty(window.navigator, "language");
        window.dispatchEvent(new Event("languagechange"));
      });
    const user = userEvent.setup();
    render(<Field min="2026-07-05" />);
    setLanguage("de-DE");
    try {
      expect(screen.getByRole("button", { name: /^Kalender/ })).toBeTruthy();
      // German order: day, month, year.
      await user.click(screen.getByRole("spinbutton", { name: /^Tag, Available Date/ }));
      await user.keyboard("04072026");
      expect(shownValue()).toBe("2026-07-04");
      await user.click(screen.getByRole("button", { name: "Elsewhere" }));
      expect(screen.getByText(dateMessages.tooEarly("5.7.2026"))).toBeTruthy();
      expect(screen.queryByText(/Der Wert muss/)).toBeNull();
    } finally {
      setLanguage(null);
    }
  });

  // Marks that keep right-to-left text in order; the field and the message may place them differently.
  const plain = (text: string | null | undefined) =>
    (text ?? "").replace(/[\u200e\u200f\u2066-\u2069\u061c]/g, "").replace(/\s/g, " ");

  it.each(DATE_PICKER_LOCALES)("%s: days in the locale's order, the spec's messages naming them so", (locale) => {
    render(
      <I18nProvider locale={locale}>
        <DatePicker label="Limit" value="2026-07-05" onChange={() => {}} />
        <DatePicker label="Chosen" value="2026-07-04" min="2026-07-05" onChange={() => {}} errors={["revealed"]} />
      </I18nProvider>,
    );
    const [limitField, chosenField] = screen.getAllByRole("group");
    const order = within(limitField as HTMLElement)
      .getAllByRole("spinbutton")
      .map((s) => s.getAttribute("data-type"));
    const expected = new Intl.DateTimeFormat(locale, { year: "numeric", month: "numeric", day: "numeric" })
      .formatToParts(new Date(2026, 6, 5))
      .map((p) => p.type)
      .filter((t) => t === "year" || t === "month" || t === "day");
    expect(order).toEqual(expected);
    // The message names the limit as the field writes that day.
    const limitText = plain(limitField?.querySelector(".flex.py-2")?.textContent);
    expect(plain(screen.getByText(/^Value must be/).textContent)).toBe(dateMessages.tooEarly(limitText));
    expect(chosenField?.querySelector('[aria-invalid="true"]')).toBeTruthy();
  });
});
