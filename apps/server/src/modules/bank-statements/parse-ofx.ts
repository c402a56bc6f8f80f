import { statementMessages } from "@keyholder/contracts/bank-statements";
import { isCivilDate } from "@keyholder/contracts/civil-date";
import { Ofx } from "ofx-data-extractor";
import { bankAmountCents } from "./money-text.ts";
import { type BankFileLine, StatementFileError } from "./statement-file-error.ts";

/** An OFX or QFX file (SGML 1.x or XML 2.x), by its content: the name and type sent say nothing. */
export const looksLikeOfx = (text: string) => /^\s*(OFXHEADER\s*:|<\?xml[^>]*>\s*<\?OFX|<\?OFX|<OFX>)/i.test(text);

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };
/** Banks escape names as in HTML ("Smith &amp; Sons"); the parser leaves them escaped. */
function decodeEntities(text: string) {
  return text
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] !== "#") return ENTITIES[name.toLowerCase()] ?? whole;
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    })
    .replace(/\s+/g, " ")
    .trim();
}

const text = (value: unknown) =>
  typeof value === "string" || typeof value === "number" ? decodeEntities(String(value)) : "";

/**
 * The transactions of an OFX/QFX file (bank or credit card), through `ofx-data-extractor`. SGML files
 * are laid out one tag per line first: the parser reads elements without closing tags only so, and
 * banks write them any way (all on one line, several per line).
 */
export function parseOfx(content: string): BankFileLine[] {
  const isXml = /^\s*<\?xml/i.test(content);
  const start = content.indexOf("<");
  const laidOut = isXml || start < 0 ? content : content.slice(0, start) + content.slice(start).replace(/\s*</g, "\n<");
  let transactions: ReturnType<Ofx["toNormalized"]>["transactions"];
  try {
    transactions = new Ofx(laidOut, { parserMode: "strict" }).toNormalized({ amountMode: "string" }).transactions;
  } catch {
    throw new StatementFileError(statementMessages.unsupported);
  }
  return transactions.map((t, i) => {
    const raw = t.raw as Record<string, unknown>;
    const posted = text(raw.DTPOSTED)
      .replace(/^(\d{4})(\d{2})(\d{2}).*$/, "$1-$2-$3")
      .slice(0, 10);
    if (!isCivilDate(posted)) throw new StatementFileError(statementMessages.ofxBadDate(i + 1));
    const amountText = text(raw.TRNAMT);
    const cents = bankAmountCents(amountText);
    if (cents === null) throw new StatementFileError(statementMessages.ofxBadAmount(i + 1, amountText));
    const name = text(raw.NAME) || text((raw.PAYEE as Record<string, unknown> | undefined)?.NAME);
    const memo = text(raw.MEMO);
    const description = [name, memo && memo !== name ? memo : ""].filter(Boolean).join(" · ") || text(raw.TRNTYPE);
    return {
      posted_on: posted,
      description: description.slice(0, 500),
      reference: (text(raw.CHECKNUM) || text(raw.REFNUM) || null)?.slice(0, 100) ?? null,
      amount_cents: cents,
      fitid: text(raw.FITID) || null,
    };
  });
}
