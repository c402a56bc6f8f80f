import { isScoped, type Tx } from "../db/client.ts";
import { forbidden } from "./http-error.ts";

/**
 * For the whole organization's money (statements, reconciliations, owners, 1099s): a user of some
 * properties is refused with the area's words (403); the tables' restrictive policies hide the rows
 * from them either way.
 */
export function refuseScopedUser(tx: Tx, message: string) {
  if (isScoped(tx)) throw forbidden(message);
}
