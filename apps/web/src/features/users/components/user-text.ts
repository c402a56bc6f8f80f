import type { UserRow } from "@keyholder/contracts/users";

/** A user's name as the grids show people: first and last name, else their email. */
export const userName = (u: UserRow) => [u.first_name, u.last_name].filter(Boolean).join(" ") || u.username;

/** "All properties", or how many they work on. */
export const worksOnText = (u: UserRow) =>
  u.all_properties ? "All properties" : `${u.property_count} ${u.property_count === 1 ? "property" : "properties"}`;
