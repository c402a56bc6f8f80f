import { type CsvValue, toCsv } from "@keyholder/contracts/csv";
import type { FastifyReply } from "fastify";

/**
 * A report or export as a CSV download: the formula-safe writer, a byte-order mark so Excel reads
 * UTF-8, and the file name the browser saves it under.
 */
export const sendCsv = (reply: FastifyReply, fileName: string, header: string[], rows: CsvValue[][]) =>
  reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${fileName}"`)
    .send(`\uFEFF${toCsv(header, rows)}\r\n`);
