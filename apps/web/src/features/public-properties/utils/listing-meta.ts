import { unitName } from "@keyholder/contracts/property-listing";
import type { PublicPropertyDetails, PublicPropertyList } from "@keyholder/contracts/public-properties";
import type { PageMeta } from "../../../lib/document-title.ts";
import { availableText, bedroomsText, rentText } from "./listing-format.ts";

const floorSize = (sqft: number | null) =>
  sqft ? { floorSize: { "@type": "QuantitativeValue", value: sqft, unitCode: "FTK" } } : {};

/** A property page as search engines and link previews see it: a line of facts, its cover photo, schema.org data. */
export function propertyPageMeta(p: PublicPropertyDetails): PageMeta {
  const place = p.address ? `${p.address.city}, ${p.address.state.state_name}` : null;
  const facts = [bedroomsText(p.bedrooms), rentText(p.rent), availableText(p.available_units)].filter(Boolean);
  const description = `${p.name}${place ? ` in ${place}` : ""}: ${p.property_type.name.toLowerCase()}${
    facts.length ? `, ${facts.join(", ")}` : ""
  }. Apply online on Keyholder.`;
  const path = `/properties/${encodeURIComponent(p.property_slug ?? "")}`;
  const structuredData: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "ApartmentComplex",
    name: p.name,
    url: path,
    description,
    ...(p.cover_image ? { image: p.cover_image.url } : {}),
    ...(p.address
      ? {
          address: {
            "@type": "PostalAddress",
            streetAddress: p.address.address_line_1,
            addressLocality: p.address.city,
            addressRegion: p.address.state.state_name,
            postalCode: p.address.zipcode,
            addressCountry: "US",
          },
        }
      : {}),
    ...(p.available_units > 0 ? { numberOfAvailableAccommodationUnits: p.available_units } : {}),
    ...(p.rent
      ? {
          offers: {
            "@type": "AggregateOffer",
            priceCurrency: "USD",
            lowPrice: p.rent.min,
            highPrice: p.rent.max,
            offerCount: p.floor_plans.length + p.units.length,
            availability: p.available_units > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
          },
        }
      : {}),
    containsPlace: [
      ...p.floor_plans.map((f) => ({
        "@type": "FloorPlan",
        name: f.name,
        numberOfBedrooms: f.bedrooms,
        numberOfBathroomsTotal: f.bathrooms,
        ...floorSize(f.square_feet),
      })),
      // Units offered without a floor plan are homes of their own.
      ...p.units.map((u) => ({
        "@type": "Apartment",
        name: unitName(u),
        ...(u.bedrooms === null ? {} : { numberOfBedrooms: u.bedrooms }),
        ...(u.bathrooms === null ? {} : { numberOfBathroomsTotal: u.bathrooms }),
        ...floorSize(u.square_feet),
      })),
    ],
  };
  return { description, canonicalPath: path, image: p.cover_image?.url ?? null, structuredData };
}

/** The apply form of a listing: where, what is available, and that the answers go to its team only. */
export function applyPageMeta(p: PublicPropertyDetails): PageMeta {
  const place = p.address ? ` in ${p.address.city}, ${p.address.state.state_name}` : "";
  const facts = [availableText(p.available_units), rentText(p.rent)].filter(Boolean);
  return {
    description: `Apply to ${p.name}${place} online${facts.length ? ` (${facts.join(", ")})` : ""}: your answers go only to its team.`,
    canonicalPath: `/properties/${encodeURIComponent(p.property_slug ?? "")}/apply`,
  };
}

/** A search's results page: how many homes, where. */
export function resultsPageMeta(zipcode: string, list: PublicPropertyList): PageMeta {
  const place = list.origin ? `${list.origin.city}, ${list.origin.state_code} ${zipcode}` : zipcode;
  return {
    description:
      list.total > 0
        ? `${list.total} homes for rent within ${list.radius_miles} miles of ${place}: rents, floor plans and availability, with online applications.`
        : `Homes for rent near ${place} on Keyholder.`,
    canonicalPath: `/properties?zipCode=${zipcode}`,
    image: list.properties.find((p) => p.cover_image)?.cover_image?.url ?? null,
  };
}
