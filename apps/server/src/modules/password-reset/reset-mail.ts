import { RESET_TOKEN_TTL_MINUTES } from "@keyholder/contracts/password-reset";
import type { MailMessage } from "../../lib/mail/mailer.ts";
import type { ResetAudience } from "./reset-audience.ts";

export function resetMail(to: string, link: string, audience: ResetAudience = "staff"): MailMessage {
  const what = audience === "staff" ? "your Keyholder account" : "your resident portal account";
  return {
    to,
    subject: audience === "staff" ? "Reset your Keyholder password" : "Reset your resident portal password",
    text: [
      "Hello,",
      "",
      `Someone (hopefully you) asked to reset the password of ${what}.`,
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
