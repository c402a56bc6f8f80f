import { bankAccountMessages } from "@keyholder/contracts/bank-accounts";
import { HttpError } from "../../lib/http-error.ts";
import { violatesUnique } from "../../lib/violates.ts";

/** Names are unique per organization, whatever their case (the unique index on lower(name) decides). */
export const nameTaken = (name: string) =>
  new HttpError(409, "NAME_TAKEN", bankAccountMessages.nameTaken(name), {
    name: [bankAccountMessages.nameTaken(name)],
  });

export const isNameConflict = (err: unknown) => violatesUnique(err, "bank_accounts_org_name_key");
