import type { LeaseLedger } from "@keyholder/contracts/lease-ledger";
import { formatCents as dollars } from "@keyholder/contracts/money";
import PDFDocument from "pdfkit";
import type { LeaseRef } from "./find-lease.ts";

const COLUMNS = [
  { title: "Date", x: 50, width: 70, align: "left" },
  { title: "Description", x: 120, width: 210, align: "left" },
  { title: "Charges", x: 330, width: 75, align: "right" },
  { title: "Payments", x: 405, width: 75, align: "right" },
  { title: "Balance", x: 480, width: 80, align: "right" },
] as const;

/** The statement of a lease's ledger for a period, as a PDF (US Letter): what the tenant is sent. */
export function statementPdf(o: { organization: string; lease: LeaseRef; ledger: LeaseLedger; today: string }) {
  const { lease, ledger } = o;
  const doc = new PDFDocument({ size: "LETTER", margin: 50, info: { Title: `Statement, lease ${lease.leaseNo}` } });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  doc.font("Helvetica-Bold").fontSize(16).text(o.organization);
  doc.moveDown(0.3).fontSize(13).text("Statement of account");
  doc.font("Helvetica").fontSize(10).moveDown(0.5);
  doc.text(`Tenant: ${lease.tenantNames || "-"}`);
  doc.text(`Lease ${lease.leaseNo}: ${lease.propertyName}${lease.unitNames ? `, ${lease.unitNames}` : ""}`);
  doc.text(`Period: ${ledger.from ?? "start of lease"} to ${ledger.to ?? o.today}`);
  doc.text(`Prepared on ${o.today}`);
  doc.moveDown();

  const row = (cells: readonly string[], bold = false) => {
    if (doc.y > 720) doc.addPage();
    const y = doc.y;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(9);
    let height = 0;
    COLUMNS.forEach((c, i) => {
      doc.text(cells[i] ?? "", c.x, y, { width: c.width - 6, align: c.align });
      height = Math.max(height, doc.y - y);
    });
    doc.x = 50;
    doc.y = y + height + 4;
  };
  row(
    COLUMNS.map((c) => c.title),
    true,
  );
  row(["", "Balance forward", "", "", dollars(ledger.opening_balance_cents)]);
  for (const r of ledger.rows) {
    row([
      r.posted_on,
      r.description,
      r.charge_cents ? dollars(r.charge_cents) : "",
      r.payment_cents ? dollars(r.payment_cents) : "",
      dollars(r.balance_cents),
    ]);
  }
  const charges = ledger.rows.reduce((s, r) => s + r.charge_cents, 0);
  const payments = ledger.rows.reduce((s, r) => s + r.payment_cents, 0);
  row(["", "Totals for the period", dollars(charges), dollars(payments), dollars(ledger.closing_balance_cents)], true);
  doc.moveDown();
  doc
    .font("Helvetica-Bold")
    .fontSize(11)
    .text(
      ledger.closing_balance_cents >= 0
        ? `Amount due: ${dollars(ledger.closing_balance_cents)}`
        : `Credit on account: ${dollars(-ledger.closing_balance_cents)}`,
      50,
    );
  doc.end();
  return done;
}
