import type { CalendarDate } from "@internationalized/date";
import { dateProblems } from "@keyholder/contracts/dates";
import type { ReactNode } from "react";
import {
  DatePicker as AriaDatePicker,
  Calendar,
  FieldError,
  Group,
  Label,
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
  dayClass,
  unavailableTest,
  useShownProblems,
} from "./date-field-parts.tsx";
import { descriptionClass, errorClass, labelClass } from "./field-styles.ts";

export interface DatePickerProps {
  label: string;
  /** The label is for screen readers only (a compact row that says what the field is). */
  isLabelHidden?: boolean;
  /** The day as YYYY-MM-DD, "" for none. */
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  /** The form's messages (decision 011); non-empty marks the field invalid. */
  errors?: string[] | undefined;
  description?: ReactNode;
  /** The first day allowed, YYYY-MM-DD. */
  min?: string | undefined;
  /** The last day allowed, YYYY-MM-DD. */
  max?: string | undefined;
  /** Days that cannot be chosen (shown struck through in the calendar). */
  isDateUnavailable?: ((day: string) => boolean) | undefined;
  isRequired?: boolean;
  isDisabled?: boolean;
  isReadOnly?: boolean;
  autoFocus?: boolean;
  /** Submitted with a native form as YYYY-MM-DD. */
  name?: string;
}

/**
 * The app's date field (spec, "Date fields"): the day typed segment by segment in the browser's
 * locale, or chosen from a calendar; a YYYY-MM-DD string in and out. Days out of min/max or
 * unavailable get the spec's messages, not react-aria's own (which it words in the browser's
 * language); the form pattern decides when they show (useShownProblems).
 */
export function DatePicker({
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
}: DatePickerProps) {
  const { locale } = useLocale();
  const own = dateProblems(value, { min, max, isDateUnavailable }, (day) => formatCivilDate(day, locale));
  const { shown, changed, blurred } = useShownProblems(own, errors, onBlur);
  return (
    <AriaDatePicker<CalendarDate>
      className="flex flex-col gap-1"
      value={toCalendarDate(value)}
      onChange={(date) => {
        changed();
        onChange(date ? date.toString() : "");
      }}
      onBlur={blurred}
      minValue={toCalendarDate(min)}
      maxValue={toCalendarDate(max)}
      isDateUnavailable={unavailableTest(isDateUnavailable)}
      // The messages are ours: the field is invalid exactly when it shows one.
      isInvalid={shown.length > 0}
      validationBehavior="aria"
      isRequired={isRequired ?? false}
      isDisabled={isDisabled ?? false}
      isReadOnly={isReadOnly ?? false}
      autoFocus={autoFocus ?? false}
      {...(name ? { name } : {})}
    >
      <Label className={isLabelHidden ? "sr-only" : labelClass}>{label}</Label>
      <Group className={dateGroupClass}>
        <DateSegments />
        <CalendarButton />
      </Group>
      {description ? (
        <Text slot="description" className={descriptionClass}>
          {description}
        </Text>
      ) : null}
      <FieldError className={errorClass}>{shown.join(" ")}</FieldError>
      <CalendarPopover>
        <Calendar>
          <CalendarMonth cellClass={dayClass} />
        </Calendar>
      </CalendarPopover>
    </AriaDatePicker>
  );
}
