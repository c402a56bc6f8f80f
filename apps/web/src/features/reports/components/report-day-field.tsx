import { isCivilDate } from "@keyholder/contracts/civil-date";
import { useState } from "react";
import { DatePicker } from "../../../components/ui/date-picker.tsx";

/**
 * A report's day: as typed until it is a whole date, then given to the report; the day it means
 * when left out (`fallback`: today, the first of the year) shows in it and is never written.
 */
export function ReportDayField({
  label,
  value,
  fallback,
  onChange,
}: {
  label: string;
  value: string | undefined;
  fallback: string;
  /** A whole date, or undefined for the fallback. */
  onChange(day: string | undefined): void;
}) {
  const [day, setDay] = useState(value ?? "");
  const typed = day || value || fallback;
  return (
    <DatePicker
      label={label}
      value={typed}
      onChange={(v) => {
        setDay(v);
        if (isCivilDate(v)) onChange(v === fallback ? undefined : v);
      }}
      errors={isCivilDate(typed) ? undefined : ["Enter a date"]}
    />
  );
}
