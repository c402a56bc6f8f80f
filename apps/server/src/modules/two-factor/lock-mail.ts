import { TWO_FACTOR_LOCK_AFTER } from "@keyholder/contracts/two-factor";
import type { MailMessage } from "../../lib/mail/mailer.ts";

/** To the owner when wrong codes paused their account's code step (issue item 14). */
export function twoFactorLockMail(to: string, lockedUntil: string, baseUrl: string): MailMessage {
  const until = new Date(lockedUntil).toUTCString();
  return {
    to,
    subject: "Two-factor sign-in paused on your Keyholder account",
    text: [
      "Hello,",
      "",
      `${TWO_FACTOR_LOCK_AFTER} wrong two-factor codes were entered after the right password for your Keyholder account,`,
      `so codes from your authenticator app are not accepted until ${until}.`,
      "",
      "If that was you, wait until then, or sign in now with one of your recovery codes.",
      "If it was not you, someone knows your password: change it now at",
      "",
      `${baseUrl}/forgot-password`,
      "",
      "The Keyholder team",
    ].join("\n"),
  };
}
