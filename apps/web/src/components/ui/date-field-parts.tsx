import { type ReactNode, useRef, useState } from "react";
import {
  Button,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  DateInput,
  type DateInputProps,
  DateSegment,
  type DateValue,
  Dialog,
  Heading,
  Popover,
} from "react-aria-components";

/**
 * What the date picker and the date range picker share: the field's box and segments, the button
 * that opens the calendar, the calendar's month, and when the field's own problems show.
 */

/** The calendar's test for a day, on the API's YYYY-MM-DD. */
export const unavailableTest = (test: ((day: string) => boolean) | undefined) =>
  test ? (date: DateValue) => test(date.toString().slice(0, 10)) : undefined;

/** The field's box, drawn as the other inputs (field-styles.ts), around segments that take focus themselves. */
export const dateGroupClass =
  "flex w-full items-center rounded-lg border border-slate-300 bg-white pl-3 text-sm text-slate-900 shadow-sm focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-500/30 data-invalid:border-red-600 data-disabled:opacity-60 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:data-invalid:border-red-400";

// At least 24 by 24 px, so each segment is a touch target of its own (WCAG 2.5.8, axe target-size):
// a lone "1" of a month was 13 px wide. The negative margin keeps the field as tall as the other inputs.
const segmentClass =
  "-my-0.5 min-w-6 rounded px-0.5 py-0.5 text-center tabular-nums data-[type=literal]:min-w-0 outline-none data-placeholder:text-slate-600 data-[type=literal]:px-0 data-focused:bg-brand-700 data-focused:text-white data-focused:data-placeholder:text-white dark:data-placeholder:text-slate-300";

/** Month, day and year (in the locale's order) as spin buttons: type digits, or arrow and page up and down. */
export function DateSegments(props: Pick<DateInputProps, "slot">) {
  return (
    <DateInput {...props} className="flex py-2">
      {(segment) => <DateSegment segment={segment} className={segmentClass} />}
    </DateInput>
  );
}

function CalendarIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" className="h-4 w-4">
      <rect x="3" y="4.5" width="14" height="12.5" rx="2" />
      <path d="M3 8.5h14M7 2.5v4M13 2.5v4" strokeLinecap="round" />
    </svg>
  );
}

/** Opens the calendar; react-aria names it "Calendar" and the field's label, in the user's language. */
export function CalendarButton() {
  return (
    <Button className="ml-auto flex h-9 w-10 shrink-0 items-center justify-center rounded-r-lg text-slate-700 outline-none hover:bg-slate-100 data-focus-visible:ring-2 data-focus-visible:ring-brand-600 dark:text-slate-200 dark:hover:bg-slate-800">
      <CalendarIcon />
    </Button>
  );
}

/** The calendar's popover: above the app's dialogs, and no wider than a phone's screen. */
export function CalendarPopover({ children }: { children: ReactNode }) {
  return (
    <Popover
      placement="bottom start"
      style={{ zIndex: 5000 }}
      className="max-w-[calc(100vw-1rem)] overflow-auto rounded-lg border border-slate-200 bg-white p-3 text-slate-900 shadow-xl outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <Dialog className="outline-none">{children}</Dialog>
    </Popover>
  );
}

const navClass =
  "flex h-9 w-9 items-center justify-center rounded-full text-lg text-slate-700 outline-none hover:bg-slate-100 data-disabled:opacity-40 data-focus-visible:ring-2 data-focus-visible:ring-brand-600 dark:text-slate-200 dark:hover:bg-slate-800";

const cellBase =
  "flex h-10 w-10 cursor-default items-center justify-center text-sm outline-none data-outside-month:hidden data-today:font-bold data-today:underline data-today:underline-offset-4 data-disabled:text-slate-500 data-unavailable:text-red-800 data-unavailable:line-through data-focus-visible:ring-2 data-focus-visible:ring-brand-600 data-focus-visible:ring-offset-1 dark:data-disabled:text-slate-400 dark:data-unavailable:text-red-300 dark:data-focus-visible:ring-offset-slate-900";

/** A day of the single-date calendar. */
export const dayClass = `${cellBase} rounded-full hover:bg-slate-100 data-selected:bg-brand-700 data-selected:text-white data-selected:data-invalid:bg-red-700 dark:hover:bg-slate-800`;

/** A day of the range calendar: its ends filled, the days between tinted. */
export const rangeDayClass = `${cellBase} data-selected:bg-brand-100 data-selected:text-brand-950 data-selection-start:rounded-l-full data-selection-end:rounded-r-full data-selected:data-selection-start:bg-brand-700 data-selected:data-selection-start:text-white data-selected:data-selection-end:bg-brand-700 data-selected:data-selection-end:text-white data-selected:data-invalid:bg-red-100 data-selected:data-invalid:text-red-950 hover:not-data-selected:rounded-full hover:not-data-selected:bg-slate-100 dark:data-selected:bg-brand-900 dark:data-selected:text-brand-50 dark:data-selected:data-invalid:bg-red-950 dark:data-selected:data-invalid:text-red-50 dark:hover:not-data-selected:bg-slate-800`;

/**
 * One month of days, with the previous and next month buttons around its name; inside a Calendar
 * or a RangeCalendar. Arrows move by day and week, Page Up and Down by month (with Shift, by year).
 */
export function CalendarMonth({ cellClass }: { cellClass: string }) {
  return (
    <>
      <header className="mb-2 flex items-center justify-between gap-2">
        <Button slot="previous" className={navClass}>
          <span aria-hidden="true">‹</span>
        </Button>
        <Heading className="text-sm font-semibold" />
        <Button slot="next" className={navClass}>
          <span aria-hidden="true">›</span>
        </Button>
      </header>
      <CalendarGrid className="border-collapse">
        <CalendarGridHeader>
          {(day) => (
            <CalendarHeaderCell className="h-8 w-10 text-xs font-medium text-slate-600 dark:text-slate-300">
              {day}
            </CalendarHeaderCell>
          )}
        </CalendarGridHeader>
        <CalendarGridBody className="[&_td]:p-0">
          {(date) => <CalendarCell date={date} className={cellClass} />}
        </CalendarGridBody>
      </CalendarGrid>
    </>
  );
}

/**
 * Which messages a date field shows (decision 011): the form's, except that the field's own
 * problems (a day out of its limits or unavailable, a range backwards) come first once the user
 * has left the field having changed it, or once the form shows messages for it (a submit). While
 * a date is being typed in, its half-typed year says nothing.
 */
export function useShownProblems(own: string[], errors: string[] | undefined, onBlur: (() => void) | undefined) {
  const changed = useRef(false);
  const [left, setLeft] = useState(false);
  const revealed = left || (errors?.length ?? 0) > 0;
  const shown = own.length && revealed ? own : (errors ?? []);
  return {
    shown,
    changed: () => {
      changed.current = true;
    },
    blurred: () => {
      if (changed.current) setLeft(true);
      onBlur?.();
    },
  };
}
