import { createHash, randomBytes } from "node:crypto";

/** A random 256-bit token for the browser (base64url) and the SHA-256 the database keeps instead. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A readable random password, for generated demo and operator accounts. Meets the sign-up rules. */
export function generatePassword(): string {
  return `${randomBytes(12).toString("base64url")}-K7!`;
}
