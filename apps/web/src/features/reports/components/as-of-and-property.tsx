import { isCivilDate } from "@keyholder/contracts/civil-date";
import type { RelatedItem } from "@keyholder/contracts/related-items";
import { useState } from "react";
import { RecordPicker } from "../../../components/record-picker/record-picker.tsx";
import { DatePicker } from "../../../components/ui/date-picker.tsx";

/**
 * A report's day and property: the day as typed until it is a whole date (today when left as is),
 * the property by name; one from an address shows its name once the report has read it.
 */
export function AsOfAndProperty({
  today,
  params,
  propertyName,
  onChange,
}: {
  today: string;
  params: { as_of?: string | undefined; property_id?: string | undefined };
  /** The chosen property's name, as the report read it. */
  propertyName: string | undefined;
  /** The day (undefined: today) or the property (undefined: all) changed. */
  onChange(change: { as_of?: string | undefined } | { property_id?: string | undefined }): void;
}) {
  const asOf = params.as_of;
  const propertyId = params.property_id;
  const [day, setDay] = useState(asOf ?? "");
  const [picked, setPicked] = useState<RelatedItem | null>(null);
  const typed = day || asOf || today;
  const property =
    picked && String(picked.id) === propertyId
      ? picked
      : propertyId && propertyName
        ? { id: propertyId, value: propertyName }
        : null;
  return (
    <>
      <DatePicker
        label="As of"
        value={typed}
        onChange={(v) => {
          setDay(v);
          if (isCivilDate(v)) onChange({ as_of: v === today ? undefined : v });
        }}
        errors={isCivilDate(typed) ? undefined : ["Enter a date"]}
      />
      <RecordPicker
        label="Property"
        source={{ list: "properties" }}
        value={property}
        placeholder="All properties"
        onChange={(item) => {
          setPicked(item);
          onChange({ property_id: item ? String(item.id) : undefined });
        }}
      />
    </>
  );
}
