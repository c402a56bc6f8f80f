import { z } from "zod";
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

/** GET /api/v1/people: the organization's people, who can be chosen as a property's manager. */
export const PEOPLE_LIST_LIMIT = 1000;
export const personOptionSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export const peopleListSchema = z.object({ people: z.array(personOptionSchema) });
export type PersonOption = z.infer<typeof personOptionSchema>;
