import type { PropertySearchResult } from "@keyholder/contracts/property-search";
import { Dialog } from "../../../components/ui/dialog.tsx";

/** What the header search opens: the property's name, address and public page. */
export function PropertyQuickView({ property, onClose }: { property: PropertySearchResult | null; onClose(): void }) {
  return (
    <Dialog
      id="property-quick-view"
      title={property ? `Property: ${property.name}` : "Property"}
      isOpen={property !== null}
      onClose={onClose}
    >
      {property ? (
        <dl className="grid grid-cols-[8rem_1fr] gap-2 text-sm">
          <dt className="text-slate-500">Name</dt>
          <dd>{property.name}</dd>
          <dt className="text-slate-500">Address</dt>
          <dd>
            {property.address
              ? `${property.address.address_line_1}, ${property.address.city}, ${property.address.state_code} ${property.address.zipcode}`
              : "N/A"}
          </dd>
          <dt className="text-slate-500">Public page</dt>
          <dd>
            {property.property_slug ? (
              <a
                href={`/properties/${property.property_slug}`}
                target="_blank"
                rel="noopener"
                className="text-brand-700 hover:underline"
              >
                /properties/{property.property_slug}
              </a>
            ) : (
              "N/A"
            )}
          </dd>
        </dl>
      ) : null}
    </Dialog>
  );
}
