/**
 * A bank file's bytes as text. UTF-8 when they are valid UTF-8 (a byte-order mark dropped), else
 * Windows-1252, the superset of Latin-1 that US banks' older exports use whatever their header
 * claims: an "é" in a payee's name reads as itself either way.
 */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}
