import { relatedItemMessages } from "@keyholder/contracts/related-items";
import { badRequest } from "../../lib/http-error.ts";

/** Where the next page starts: after this shown value and id, in (value, id) order. */
export interface Position {
  value: string;
  id: string | number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * The opaque `nextCursor`: base64url of [list, value, id]. It names the list it came from, so a
 * cursor of another list is refused rather than read as a position in this one.
 */
export const encodeCursor = (list: string, p: Position) =>
  Buffer.from(JSON.stringify([list, p.value, p.id]), "utf8").toString("base64url");

/**
 * The position in a cursor this list gave out. Anything else (not base64url, not JSON, another
 * list's, an id of the wrong kind, text PostgreSQL cannot take) is the client's mistake: 400.
 */
export function decodeCursor(list: string, idType: "integer" | "uuid", cursor: string): Position {
  const refuse = () => badRequest(relatedItemMessages.badCursor, { cursor: [relatedItemMessages.badCursor] });
  if (!BASE64URL.test(cursor)) throw refuse();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw refuse();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw refuse();
  const [from, value, id] = parsed as unknown[];
  // A NUL is the one character a PostgreSQL text parameter cannot hold.
  if (from !== list || typeof value !== "string" || value.includes("\u0000")) throw refuse();
  if (idType === "uuid" ? typeof id === "string" && UUID.test(id) : Number.isSafeInteger(id) && Number(id) > 0) {
    return { value, id: id as string | number };
  }
  throw refuse();
}
