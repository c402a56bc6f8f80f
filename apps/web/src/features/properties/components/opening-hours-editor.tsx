import {
  ALL_DAY,
  allDayEveryDay,
  DAY_NAMES,
  DEFAULT_CLOSE_TIME,
  DEFAULT_OPEN_TIME,
  defaultOpeningHours,
  isOpenAllWeek,
  type OpeningDay,
  type OpeningHours,
} from "@keyholder/contracts/opening-hours";
import { useId } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { errorClass, inputClass, labelClass } from "../../../components/ui/field-styles.ts";

/**
 * The week's opening hours (spec records 2.4, 3.6): a row per day, Sunday to Saturday, with its
 * opening and closing times and a Closed box; "Set for all" on the first row copies it to every
 * day, "Same as {previous day}" on the others copies the day before; "open 24/7" opens every day
 * 00:00 to 00:00. Marking a day closed clears its times; setting a time opens it again.
 */
export function OpeningHoursEditor({
  value,
  onChange,
  onBlur,
  errors,
}: {
  value: OpeningHours;
  onChange(value: OpeningHours): void;
  onBlur?(): void;
  /** Problems by "{day index}.{field}" ("1.endTime"). */
  errors: Record<string, string[] | undefined>;
}) {
  const headingId = useId();
  const allWeek = isOpenAllWeek(value);
  const setDay = (index: number, day: OpeningDay) => onChange(value.map((d, i) => (i === index ? day : d)));
  const copy = (from: OpeningDay, to: OpeningDay): OpeningDay => ({ ...from, dayOfTheWeek: to.dayOfTheWeek });

  return (
    <fieldset aria-labelledby={headingId} className="flex flex-col gap-2" onBlur={onBlur}>
      <legend id={headingId} className={labelClass}>
        Opening hours
      </legend>
      <Checkbox isSelected={allWeek} onChange={(on) => onChange(on ? allDayEveryDay() : defaultOpeningHours())}>
        This amenity is open 24/7
      </Checkbox>
      <ul className="flex flex-col gap-2">
        {value.map((day, index) => {
          const name = DAY_NAMES[day.dayOfTheWeek];
          const previous = value[index - 1];
          const problems = [
            ...(errors[`${index}.startTime`] ?? []),
            ...(errors[`${index}.endTime`] ?? []),
            ...(errors[`${index}`] ?? []),
          ];
          const errorId = `${headingId}-${index}-error`;
          const time = (field: "startTime" | "endTime", label: string) => (
            <input
              type="time"
              aria-label={`${name} ${label}`}
              value={day[field] ?? ""}
              disabled={allWeek}
              aria-invalid={problems.length > 0 || undefined}
              aria-describedby={problems.length ? errorId : undefined}
              onChange={(e) => {
                const t = e.target.value || null;
                // Setting a time opens a closed day; its other time starts from the default.
                const other = field === "startTime" ? "endTime" : "startTime";
                const fallback = field === "startTime" ? DEFAULT_CLOSE_TIME : DEFAULT_OPEN_TIME;
                setDay(index, { ...day, [field]: t, [other]: day[other] ?? fallback, isClosed: false });
              }}
              className={`${inputClass} w-32 disabled:opacity-60`}
            />
          );
          return (
            <li
              key={day.dayOfTheWeek}
              className="grid grid-cols-[6rem_1fr] items-center gap-x-3 gap-y-1 sm:grid-cols-[6rem_auto_auto_auto_1fr]"
            >
              <span className="text-sm font-medium">{name}</span>
              <div className="flex items-center gap-2">
                {time("startTime", "opens")}
                <span aria-hidden="true" className="text-slate-500">
                  –
                </span>
                {time("endTime", "closes")}
              </div>
              <span className="col-start-2 sm:col-start-auto">
                <Checkbox
                  isSelected={day.isClosed}
                  isDisabled={allWeek}
                  aria-label={`${name} closed`}
                  onChange={(closed) =>
                    setDay(
                      index,
                      closed
                        ? { ...day, isClosed: true, startTime: null, endTime: null }
                        : { ...day, isClosed: false, startTime: DEFAULT_OPEN_TIME, endTime: DEFAULT_CLOSE_TIME },
                    )
                  }
                >
                  Closed
                </Checkbox>
              </span>
              <span className="col-start-2 sm:col-start-auto">
                {index === 0 ? (
                  <Button
                    variant="ghost"
                    className="px-2 py-1 text-xs"
                    isDisabled={allWeek}
                    onPress={() => onChange(value.map((d) => copy(day, d)))}
                  >
                    Set for all
                  </Button>
                ) : previous ? (
                  <Button
                    variant="ghost"
                    className="px-2 py-1 text-xs"
                    isDisabled={allWeek}
                    aria-label={`${name}: same as ${DAY_NAMES[previous.dayOfTheWeek]}`}
                    onPress={() => setDay(index, copy(previous, day))}
                  >
                    Same as {previous.dayOfTheWeek}
                  </Button>
                ) : null}
              </span>
              {problems.length ? (
                <p id={errorId} className={`col-span-full ${errorClass}`}>
                  {name}: {problems.join(" ")}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Times are local to the property. A closing time of {ALL_DAY} means midnight.
      </p>
    </fieldset>
  );
}
