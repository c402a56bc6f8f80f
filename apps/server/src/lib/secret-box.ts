import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Sealed values start with the format's version; a value without it was stored before sealing. */
const PREFIX = "v1:";
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_FILE = "encryption.key";

/** 32 bytes written as 64 hex characters or as base64 (either alphabet, padding optional); else null. */
export function parseEncryptionKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, "hex");
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) return null;
  const key = Buffer.from(value.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  return key.length === 32 ? key : null;
}

/**
 * AES-256-GCM over small secrets kept in the database (two-factor secrets): a stolen dump or
 * backup alone does not give them away. Each value has its own random IV; the tag refuses a value
 * altered or sealed under another key. `purpose` is bound in, so a value sealed for one use cannot
 * be passed off as another's.
 */
export function createSecretBox(key: Buffer) {
  if (key.length !== 32) throw new Error("the encryption key must be 32 bytes");
  return {
    seal(plain: string, purpose: string): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv).setAAD(Buffer.from(purpose));
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
    },
    /** The plain value; throws when the value was altered or sealed under another key. */
    open(sealed: string, purpose: string): string {
      if (!isSealed(sealed)) throw new Error("value is not sealed");
      const raw = Buffer.from(sealed.slice(PREFIX.length), "base64url");
      const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, IV_BYTES)).setAAD(Buffer.from(purpose));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;

export const isSealed = (value: string) => value.startsWith(PREFIX);

/**
 * The embedded default's key: DATA_DIR/encryption.key, made on first start (owner-only), so the
 * key travels with the data folder it unlocks (a backup copies both). A server database takes its
 * key from ENCRYPTION_KEY instead (env.ts insists).
 */
export function keyFromDataDir(dataDir: string): Buffer {
  const file = path.resolve(dataDir, KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    try {
      writeFileSync(file, `${randomBytes(32).toString("hex")}\n`, { flag: "wx", mode: 0o600 });
    } catch (err) {
      // Another process made it first: use theirs.
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
  }
  const key = parseEncryptionKey(readFileSync(file, "utf8"));
  if (!key) throw new Error(`${file} does not hold an encryption key (64 hex characters); restore it from a backup`);
  try {
    chmodSync(file, 0o600);
  } catch {
    // A read-only mount: reading it is all that is needed.
  }
  return key;
}
