import { hash, verify } from "@node-rs/argon2";

/** argon2id with OWASP's minimum cost (19 MiB, 2 passes, 1 lane). */
const options = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum, unusable under isolatedModules) */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A real hash to verify against when the account does not exist, so a wrong username costs the same
 * time as a wrong password and timing does not reveal which accounts exist.
 */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = () => {
  dummyHash ??= hashPassword("not-a-real-password-0!");
  return dummyHash;
};
