import type { MailMessage } from "../../lib/mail/mailer.ts";

interface Applicant {
  email: string;
  firstName: string;
  organizationName: string;
}

const greeting = (a: Applicant) => (a.firstName ? `Hello ${a.firstName},` : "Hello,");

export function approvedMail(a: Applicant, baseUrl: string): MailMessage {
  return {
    to: a.email,
    subject: `Your Keyholder account for ${a.organizationName} is ready`,
    text: [
      greeting(a),
      "",
      `Good news: ${a.organizationName} has been approved and your Keyholder account is ready.`,
      `You can now log in at ${baseUrl}/login with the email and password you chose when you signed up.`,
      "",
      "Welcome aboard,",
      "The Keyholder team",
    ].join("\n"),
  };
}

export function rejectedMail(a: Applicant): MailMessage {
  return {
    to: a.email,
    subject: `Your Keyholder application for ${a.organizationName}`,
    text: [
      greeting(a),
      "",
      `Thank you for your interest in Keyholder. After reviewing the application for ${a.organizationName},`,
      "we are not able to open an account for it at this time.",
      "If you think this is a mistake or your situation changes, simply reply to this message.",
      "",
      "Kind regards,",
      "The Keyholder team",
    ].join("\n"),
  };
}
