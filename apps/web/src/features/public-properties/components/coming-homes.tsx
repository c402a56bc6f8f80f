import { unitName } from "@keyholder/contracts/property-listing";
import type { PublicPropertyDetails } from "@keyholder/contracts/public-properties";
import { bathroomsText, bedroomsOne, dayText, moneyText, sizeText } from "../utils/listing-format.ts";
import { listingCell as cell, ListingTable } from "./listing-table.tsx";

const dash = "—";

/**
 * Units whose tenant has given notice, soonest first, with the day each becomes available: a home
 * seeker can plan a move, though only the homes available now are counted and applied for.
 */
export function ComingHomes({ property: p }: { property: PublicPropertyDetails }) {
  if (p.coming_available.length === 0) return null;
  return (
    <ListingTable
      id="coming-heading"
      title="Coming available"
      headers={["Unit", "Floor plan", "Bedrooms", "Bathrooms", "Size", "Rent", "Available from"]}
    >
      {p.coming_available.map((u) => (
        <tr key={u.id}>
          <th scope="row" className={`${cell} font-medium`}>
            {unitName(u)}
          </th>
          <td className={cell}>{u.floor_plan ?? dash}</td>
          <td className={cell}>{u.bedrooms === null ? dash : bedroomsOne(u.bedrooms)}</td>
          <td className={cell}>{u.bathrooms === null ? dash : bathroomsText(u.bathrooms)}</td>
          <td className={cell}>{sizeText(u.square_feet)}</td>
          <td className={cell}>{u.rent === null ? "On request" : `${moneyText(u.rent)}/mo`}</td>
          <td className={cell}>{dayText(u.available_on)}</td>
        </tr>
      ))}
    </ListingTable>
  );
}
