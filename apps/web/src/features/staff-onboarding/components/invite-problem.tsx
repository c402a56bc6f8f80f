import { INVITE_ERROR_CODES, inviteMessages } from "@keyholder/contracts/staff";
import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { requestNewLink } from "../api/accept-invite.ts";

/** Spec accounts 2 and 8: which screen a failed invite check shows, with its title and text. */
export function inviteProblem(error: unknown): { title: string; text: string; code?: string } {
  if (!(error instanceof ApiError)) return { title: inviteMessages.serverTitle, text: inviteMessages.serverError };
  if (error.code === INVITE_ERROR_CODES.format) {
    return { title: inviteMessages.formatTitle, text: inviteMessages.invalidFormat };
  }
  if (error.status === 404) return { title: inviteMessages.notFoundTitle, text: inviteMessages.notFound };
  if (error.status >= 500) return { title: inviteMessages.serverTitle, text: inviteMessages.serverError };
  if (error.code === INVITE_ERROR_CODES.expired) {
    return { title: inviteMessages.expiredTitle, text: inviteMessages.expiredText, code: error.code };
  }
  if (error.code === INVITE_ERROR_CODES.used || error.code === INVITE_ERROR_CODES.replaced) {
    return { title: inviteMessages.invalidTitle, text: error.message, code: error.code };
  }
  return { title: inviteMessages.invalidTitle, text: inviteMessages.invalidOrExpired };
}

const linkClass = "font-semibold text-brand-700 hover:underline dark:text-brand-100";

/** A failed invite check: its message, Try Again, and for an expired link a request for a new one. */
export function InviteProblem({ guid, error, onRetry }: { guid: string; error: unknown; onRetry(): void }) {
  const problem = inviteProblem(error);
  const alreadyAsked =
    error instanceof ApiError && (error.body as { new_link_requested?: boolean })?.new_link_requested;
  const ask = useMutation({ mutationFn: () => requestNewLink(guid) });
  return (
    <div className="flex flex-col gap-4">
      <Alert tone={problem.code === INVITE_ERROR_CODES.expired ? "info" : "error"}>{problem.text}</Alert>
      {problem.code === INVITE_ERROR_CODES.expired ? (
        ask.isSuccess || alreadyAsked ? (
          <Alert tone="success">{inviteMessages.newLinkRequested}</Alert>
        ) : (
          <>
            {ask.isError ? <Alert>{ask.error.message}</Alert> : null}
            <Button onPress={() => ask.mutate()} isPending={ask.isPending}>
              {inviteMessages.requestNewLink}
            </Button>
          </>
        )
      ) : null}
      {problem.code === INVITE_ERROR_CODES.used ? (
        <Link to="/login" className={linkClass}>
          Log in
        </Link>
      ) : null}
      <Button variant="secondary" onPress={onRetry}>
        {inviteMessages.tryAgain}
      </Button>
    </div>
  );
}
