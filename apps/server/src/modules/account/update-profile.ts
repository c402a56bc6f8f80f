import { profileProblems, type UpdateProfileRequest } from "@keyholder/contracts/account";
import { errorMessages } from "@keyholder/contracts/errors";
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { persons, users } from "../../db/schema/index.ts";
import { badRequest, notFound } from "../../lib/http-error.ts";

/** The user edits their own names, preferred name and phone (validated as at sign-up). */
export async function updateProfile(tx: Tx, user: { orgId: string; userId: number }, input: UpdateProfileRequest) {
  const fields = profileProblems(input);
  if (Object.keys(fields).length) throw badRequest(errorMessages.validation, fields);
  const [row] = await tx
    .select({ personId: users.personId })
    .from(users)
    .where(and(eq(users.organizationId, user.orgId), eq(users.id, user.userId)));
  if (!row?.personId) throw notFound("Your person record was not found");
  await tx
    .update(persons)
    .set({
      firstName: input.first_name,
      lastName: input.last_name,
      preferredName: input.preferred_name || null,
      phone: input.phone,
      lastModifiedBy: user.userId,
      lastModifiedDate: sql`now()`,
    })
    .where(and(eq(persons.organizationId, user.orgId), eq(persons.id, row.personId)));
}
