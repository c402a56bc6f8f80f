import type { CalendarDate } from "@internationalized/date";
import { type CivilDateRange, dateRangeProblems } from "@keyholder/contracts/dates";
import type { ReactNode } from "react";
import {
  DateRangePicker as AriaDateRangePicker,
  FieldError,
  Group,
  Label,
  RangeCalendar,
  Text,
  useLocale,
} from "react-aria-components";
import { formatCivilDate, toCalendarDate } from "../../lib/civil-date.ts";
import {
  CalendarButton,
  CalendarMonth,
  CalendarPopover,
  DateSegments,
  dateGroupClass,
  rangeDayClass,
  unavailableTest,
  useShownProblems,
} from "./date-field-parts.tsx";
import { descriptionClass, errorClass, labelClass } from "./field-styles.ts";

export interface DateRangePickerProps {
  label: string;
  isLabelHidden?: boolean;
  /** The first and last days as YYYY-MM-DD; both "" for none. */
  value: CivilDateRange;
  onChange(value: CivilDateRange): void;
  onBlur?(): void;
  errors?: string[] | undefined;
  description?: ReactNode;
  min?: string | undefined;
  max?: string | undefined;
  isDateUnavailable?: ((day: string) => boolean) | undefined;
  isRequired?: boolean;
  isDisabled?: boolean;
  isReadOnly?: boolean;
  autoFocus?: boolean;
  /** Submitted with a native form as `${name}_start` and `${name}_end`. */
  name?: string;
}

const rangeOf = (value: CivilDateRange) => {
  const start = toCalendarDate(value.start);
  const end = toCalendarDate(value.end);
  return start && end ? { start, end } : null;
};

/**
 * The app's date range field (a lease's term, a report's period): a start and an end day, typed or
 * chosen on one calendar (first click the start, second the end). The same limits and messages as
 * DatePicker, and "Start date must be before end date." for an end typed before its start. A range
 * of one day is allowed.
 */
export function DateRangePicker({
  label,
  isLabelHidden,
  value,
  onChange,
  onBlur,
  errors,
  description,
  min,
  max,
  isDateUnavailable,
  isRequired,
  isDisabled,
  isReadOnly,
  autoFocus,
  name,
}: DateRangePickerProps) {
  const { locale } = useLocale();
  const own = dateRangeProblems(value, { min, max, isDateUnavailable }, (day) => formatCivilDate(day, locale));
  const { shown, changed, blurred } = useShownProblems(own, errors, onBlur);
  return (
    <AriaDateRangePicker<CalendarDate>
      className="flex flex-col gap-1"
      value={rangeOf(value)}
      onChange={(range) => {
        changed();
        onChange(range ? { start: range.start.toString(), end: range.end.toString() } : { start: "", end: "" });
      }}
      onBlur={blurred}
      minValue={toCalendarDate(min)}
      maxValue={toCalendarDate(max)}
      isDateUnavailable={unavailableTest(isDateUnavailable)}
      isInvalid={shown.length > 0}
      validationBehavior="aria"
      isRequired={isRequired ?? false}
      isDisabled={isDisabled ?? false}
      isReadOnly={isReadOnly ?? false}
      autoFocus={autoFocus ?? false}
      {...(name ? { startName: `${name}_start`, endName: `${name}_end` } : {})}
    >
      <Label className={isLabelHidden ? "sr-only" : labelClass}>{label}</Label>
      <Group className={`${dateGroupClass} flex-wrap`}>
        <DateSegments slot="start" />
        <span aria-hidden="true" className="px-2 text-slate-600 dark:text-slate-300">
          –
        </span>
        <DateSegments slot="end" />
        <CalendarButton />
      </Group>
      {description ? (
        <Text slot="description" className={descriptionClass}>
          {description}
        </Text>
      ) : null}
      <FieldError className={errorClass}>{shown.join(" ")}</FieldError>
      <CalendarPopover>
        <RangeCalendar>
          <CalendarMonth cellClass={rangeDayClass} />
        </RangeCalendar>
      </CalendarPopover>
    </AriaDateRangePicker>
  );
}
