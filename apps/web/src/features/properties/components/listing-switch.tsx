import { listingMessages, type PropertyListing, unitName } from "@keyholder/contracts/property-listing";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { descriptionClass, errorClass } from "../../../components/ui/field-styles.ts";
import { Switch } from "../../../components/ui/switch.tsx";
import { propertyListingQuery } from "../api/get-property-listing.ts";

/**
 * "List on the public site" (decision 021): off for a new property, and turned on only once the
 * property has an available unit, the switch then saying what is missing. A listed property can
 * always be taken offline. The server checks the same rule when the property is saved. While it is
 * listed, the available units the public sees without a rent are named (decision 021).
 */
export function ListingSwitch({
  propertyId,
  isSelected,
  onChange,
  errors,
}: {
  /** null while the property is being added. */
  propertyId: string | null;
  isSelected: boolean;
  onChange(listed: boolean): void;
  errors: string[] | undefined;
}) {
  const descriptionId = useId();
  const errorId = useId();
  const listing = useQuery({ ...propertyListingQuery(propertyId ?? ""), enabled: propertyId !== null });
  const problem = propertyId === null ? listingMessages.newProperty : (listing.data?.problem ?? null);
  const blocked = !isSelected && problem !== null;
  const invalid = (errors?.length ?? 0) > 0;
  return (
    <div className="flex flex-col gap-1.5">
      <Switch
        isSelected={isSelected}
        onChange={onChange}
        isDisabled={blocked}
        aria-describedby={invalid ? `${errorId} ${descriptionId}` : descriptionId}
      >
        List on the public site
      </Switch>
      {invalid ? (
        <p id={errorId} className={errorClass}>
          {errors?.join(" ")}
        </p>
      ) : null}
      <p id={descriptionId} className={descriptionClass}>
        {blocked
          ? problem
          : isSelected
            ? "Home seekers find this property in searches near its ZIP code and on its own page: its name, address, type, photos and available units. Nothing else about your organization is shown."
            : "Not listed: the property appears in no search, and its page says it is not shown online."}
      </p>
      {isSelected && listing.data?.photos === 0 ? (
        <p className={descriptionClass}>No photos yet: its listing shows “No photo yet” until you add some below.</p>
      ) : null}
      {isSelected && listing.data && listing.data.units_without_rent_count > 0 ? (
        <UnitsWithoutRent listing={listing.data} />
      ) : null}
    </div>
  );
}

/** Available units offered without a floor plan show no rent publicly: the warning names them. */
function UnitsWithoutRent({ listing }: { listing: PropertyListing }) {
  const named = listing.units_without_rent.map(unitName);
  const more = listing.units_without_rent_count - named.length;
  return (
    <Alert tone="info">
      <p className="font-medium">{listingMessages.withoutRent(listing.units_without_rent_count)}.</p>
      <p>
        {named.join(", ")}
        {more > 0 ? ` and ${more.toLocaleString("en-US")} more` : ""}.
      </p>
    </Alert>
  );
}
