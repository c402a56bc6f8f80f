import type { RelatedItem } from "@keyholder/contracts/related-items";
import { useState } from "react";
import { RecordPicker } from "../../../components/record-picker/record-picker.tsx";

/**
 * A report's property, chosen by name (all when none); one from an address shows its name once the
 * report has read it.
 */
export function ReportPropertyField({
  propertyId,
  propertyName,
  onChange,
}: {
  propertyId: string | undefined;
  /** The chosen property's name, as the report read it. */
  propertyName: string | undefined;
  onChange(propertyId: string | undefined): void;
}) {
  const [picked, setPicked] = useState<RelatedItem | null>(null);
  const property =
    picked && String(picked.id) === propertyId
      ? picked
      : propertyId && propertyName
        ? { id: propertyId, value: propertyName }
        : null;
  return (
    <RecordPicker
      label="Property"
      source={{ list: "properties" }}
      value={property}
      placeholder="All properties"
      onChange={(item) => {
        setPicked(item);
        onChange(item ? String(item.id) : undefined);
      }}
    />
  );
}
