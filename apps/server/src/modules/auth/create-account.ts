import {
  authMessages,
  type CreateAccountRequest,
  createAccountProblems,
  splitPropertyTypes,
} from "@keyholder/contracts/auth";
import { errorMessages } from "@keyholder/contracts/errors";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { asSystem } from "../../db/client.ts";
import { organizations, persons, propertyTypes, roles, users } from "../../db/schema/index.ts";
import { badRequest } from "../../lib/http-error.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { subscriptionWindow } from "../../lib/subscription-window.ts";
import { organizationNameExists, usernameExists } from "./availability.ts";

/**
 * Sign-up: an organization, its owner's person and user, in one transaction. Every rule of spec
 * section 5 is checked here, not only in the browser. New organizations wait on the waitlist
 * unless auto-approval is on.
 */
export async function createAccount(db: Database, input: CreateAccountRequest, options: { autoApprove: boolean }) {
  const fields = createAccountProblems(input);
  const typeNames = splitPropertyTypes(input.property_types);
  // Hashing costs ~50 ms: only for a payload that can succeed.
  const passwordHash = Object.keys(fields).length ? "" : await hashPassword(input.password);
  try {
    return await asSystem(db, async (tx) => {
      if (!fields.email && (await usernameExists(tx, input.email))) fields.email = [authMessages.emailExists];
      if (!fields.company_name && (await organizationNameExists(tx, input.company_name))) {
        fields.company_name = [authMessages.companyExists];
      }
      if (typeNames.length) {
        const known = await tx
          .select({ name: propertyTypes.name })
          .from(propertyTypes)
          .where(inArray(propertyTypes.name, typeNames));
        const unknown = typeNames.filter((n) => !known.some((k) => k.name === n));
        if (unknown.length) fields.property_types = unknown.map((n) => `${authMessages.propertyTypeUnknown}: ${n}`);
      }
      if (Object.keys(fields).length) throw badRequest(errorMessages.validation, fields);

      const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, "ADMIN")).limit(1);
      if (!role) throw new Error("the ADMIN role is missing; have the migrations run?");
      const now = Date.now();
      const waitlisted = !options.autoApprove;
      const [org] = await tx
        .insert(organizations)
        .values({
          name: input.company_name,
          subscriptionStatus: "TRIAL",
          ...subscriptionWindow(now),
          waitlistStatus: waitlisted ? "waitlisted" : "approved",
          reviewedAt: waitlisted ? null : new Date(now).toISOString(),
          numOfUnits: input.num_of_units,
          propertyTypes: typeNames.join(","),
          currentSoftware: input.current_software,
        })
        .returning({ id: organizations.id });
      if (!org) throw new Error("organization insert returned nothing");
      const acceptedDate = input.accepted_terms_date && !Number.isNaN(Date.parse(input.accepted_terms_date));
      const [person] = await tx
        .insert(persons)
        .values({
          organizationId: org.id,
          firstName: input.first_name,
          lastName: input.last_name,
          email: input.email.toLowerCase(),
          phone: input.phone,
          receiveMarketingEmails: input.receive_marketing,
          receiveMarketingTexts: input.receive_marketing,
          acceptedTerms: input.accepted_terms,
          acceptedTermsDate: acceptedDate
            ? new Date(input.accepted_terms_date).toISOString()
            : new Date(now).toISOString(),
        })
        .returning({ id: persons.id });
      const [user] = await tx
        .insert(users)
        .values({
          organizationId: org.id,
          personId: person?.id,
          roleId: role.id,
          username: input.email.toLowerCase(),
          passwordHash,
          waitlisted,
        })
        .returning({ id: users.id, organizationId: users.organizationId });
      if (!user) throw new Error("user insert returned nothing");
      await tx
        .update(users)
        .set({ createdBy: user.id, lastModifiedBy: user.id })
        .where(and(eq(users.organizationId, org.id), eq(users.id, user.id)));
      return { user, waitlisted };
    });
  } catch (err) {
    // Two sign-ups racing for the same email or name: the loser gets the same answer as a late one.
    const constraint =
      (err as { constraint?: string; cause?: { constraint?: string } }).constraint ??
      (err as { cause?: { constraint?: string } }).cause?.constraint;
    if (constraint === "users_username_key")
      throw badRequest(errorMessages.validation, { email: [authMessages.emailExists] });
    if (constraint === "organizations_name_key") {
      throw badRequest(errorMessages.validation, { company_name: [authMessages.companyExists] });
    }
    throw err;
  }
}
