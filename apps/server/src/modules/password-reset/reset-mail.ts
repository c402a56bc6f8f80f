import { RESET_TOKEN_TTL_MINUTES } from "@keyholder/contracts/password-reset";
import type { MailMessage } from "../../lib/mail/mailer.ts";

export function resetMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: "Reset your Keyholder password",
    text: [
      "Hello,",
      "",
      "Someone (hopefully you) asked to reset the password of your Keyholder account.",
      `To choose a new password, open this link within ${RESET_TOKEN_TTL_MINUTES} minutes:`,
      "",
      link,
      "",
      "The link works once. If you did not ask for it, ignore this message: your password stays as it is.",
      "",
      "The Keyholder team",
    ].join("\n"),
  };
}
