import type { ParsedStatementLine } from "@keyholder/contracts/bank-statements";

/** What is wrong with a statement file or its mapping, in words for the person who chose it (a 400 on `field`). */
export class StatementFileError extends Error {
  constructor(
    message: string,
    readonly field: string = "file",
  ) {
    super(message);
  }
}

/** A line read from a bank file, with the bank's own id for it when the format has one (OFX FITID). */
export type BankFileLine = ParsedStatementLine & { fitid: string | null };
