import { Link } from "@tanstack/react-router";
import { ForgotPasswordForm } from "../../../components/auth/forgot-password-form.tsx";
import { requestResidentPasswordReset } from "../api/password-reset.ts";

/** Forgot password in the resident portal (decision 036, "Getting back in"). */
export function ResidentForgotPassword() {
  return (
    <ForgotPasswordForm
      request={requestResidentPasswordReset}
      intro="Enter the email you sign in with and we will send you a link to choose a new password."
      submitLabel="Send reset link"
      back={
        <Link to="/resident/sign-in" className="font-semibold text-brand-700 hover:underline dark:text-brand-100">
          Back to sign in
        </Link>
      }
    />
  );
}
