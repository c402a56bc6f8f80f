import type { SessionPerson } from "./auth.ts";

/** Display-name rule of spec section 4: preferred_name, else first and last name, else nothing. */
export function displayName(
  person: Pick<SessionPerson, "first_name" | "last_name" | "preferred_name"> | null | undefined,
) {
  if (!person) return "";
  const preferred = person.preferred_name?.trim();
  if (preferred) return preferred;
  return [person.first_name, person.last_name]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(" ");
}
