import type { DepositStatement } from "@keyholder/contracts/lease-lifecycle";
import { formatCents as dollars } from "@keyholder/contracts/money";
import PDFDocument from "pdfkit";

/**
 * The itemized security-deposit statement of a move-out (US Letter), as the tenant is sent it: the
 * deposit held, each deduction, the unpaid rent and charges it paid, the refund, what is still owed,
 * the forwarding address and the day it must be sent by (the state's deadline).
 */
export function depositStatementPdf(o: { organization: string; statement: DepositStatement; today: string }) {
  const s = o.statement;
  const doc = new PDFDocument({
    size: "LETTER",
    margin: 50,
    info: { Title: `Security deposit statement, lease ${s.lease_no}` },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  doc.font("Helvetica-Bold").fontSize(16).text(o.organization);
  doc.moveDown(0.3).fontSize(13).text("Itemized statement of security deposit");
  doc.font("Helvetica").fontSize(10).moveDown(0.5);
  doc.text(`Tenant: ${s.tenant_names || "-"}`);
  doc.text(`Lease ${s.lease_no}: ${s.property_name}${s.unit_names ? `, ${s.unit_names}` : ""}`);
  doc.text(`Moved out on ${s.moved_out_on}`);
  doc.moveDown(0.5).font("Helvetica-Bold").text("Forwarding address");
  doc.font("Helvetica").text(s.forwarding_address);
  doc.moveDown();

  const line = (label: string, cents: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(10);
    doc.text(label, 50, y, { width: 380 });
    const after = doc.y;
    doc.text(cents, 430, y, { width: 130, align: "right" });
    doc.x = 50;
    doc.y = Math.max(after, doc.y) + 3;
  };
  line("Security deposit held", dollars(s.deposit_held_cents), true);
  doc.moveDown(0.3);
  doc.font("Helvetica-Bold").text("Deductions", 50);
  for (const c of s.final_charges) line(`  ${c.description}`, `-${dollars(c.amount_cents)}`);
  const prior = Math.max(s.prior_balance_cents, 0);
  if (prior > 0) line("  Unpaid rent and charges", `-${dollars(prior)}`);
  if (s.prior_balance_cents < 0) line("  Less: credit on the account (prepaid)", dollars(-s.prior_balance_cents));
  for (const c of s.credits) line(`  Less: ${c.description}`, dollars(c.amount_cents));
  if (s.final_charges.length === 0 && s.prior_balance_cents === 0 && s.credits.length === 0) line("  None", dollars(0));
  doc.moveDown(0.3);
  line("Deposit applied to what was owed", dollars(s.applied_cents));
  line("Refund to the tenant", dollars(s.refund_cents), true);
  if (s.balance_left_cents > 0) line("Balance still owed by the tenant", dollars(s.balance_left_cents), true);
  doc.moveDown();
  doc
    .font("Helvetica")
    .fontSize(9)
    .text(
      `This statement must be sent by ${s.statement_due_on}: ${s.statement_days} days after move-out${
        s.state_code ? ` (${s.state_code})` : ""
      }. Prepared on ${o.today}.`,
      50,
    );
  doc.end();
  return done;
}
