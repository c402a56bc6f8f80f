import { bankAccountMessages } from "@keyholder/contracts/bank-accounts";
import { HttpError } from "../../lib/http-error.ts";

/** Names are unique per organization, whatever their case (the unique index on lower(name) decides). */
export const nameTaken = (name: string) =>
  new HttpError(409, "NAME_TAKEN", bankAccountMessages.nameTaken(name), {
    name: [bankAccountMessages.nameTaken(name)],
  });

export const isNameConflict = (err: unknown) => {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505" && constraint === "bank_accounts_org_name_key") return true;
  }
  return false;
};
