import { emailVerificationMessages } from "@keyholder/contracts/email-verification";
import { useMutation } from "@tanstack/react-query";
import { Button } from "../../../components/ui/button.tsx";
import { useAuth } from "../../../lib/auth/auth-context.tsx";
import { resendVerification } from "../api/verify-email.ts";

/**
 * Over the workspace while the user's email address is not confirmed (issue item 19): the account
 * works meanwhile; this reminds them and mails a new link on request. Not shown in a preview.
 */
export function VerifyEmailReminder() {
  const { session } = useAuth();
  const resend = useMutation({ mutationFn: resendVerification });
  if (!session || session.user.email_verified || session.preview) return null;
  return (
    <section
      aria-label="Confirm your email address"
      className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 border-b border-brand-100 bg-brand-50 px-4 py-2 text-sm text-brand-900 dark:border-brand-800 dark:bg-slate-900 dark:text-brand-100"
    >
      <span>{emailVerificationMessages.reminder(session.user.username)}</span>
      {resend.isSuccess ? (
        <span role="status">{emailVerificationMessages.sent(resend.data.sent_to)}</span>
      ) : (
        <Button variant="secondary" isPending={resend.isPending} onPress={() => resend.mutate()}>
          {emailVerificationMessages.resend}
        </Button>
      )}
      {resend.isError ? (
        <span role="alert" className="font-medium text-red-700 dark:text-red-300">
          {resend.error.message}
        </span>
      ) : null}
    </section>
  );
}
