import type { Session } from "@keyholder/contracts/auth";
import { twoFactorMessages } from "@keyholder/contracts/two-factor";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { ApiError } from "../../lib/api-client.ts";
import { submitTwoFactor } from "../../lib/auth/two-factor.ts";
import { Alert } from "../ui/alert.tsx";
import { Button } from "../ui/button.tsx";
import { TextField } from "../ui/text-field.tsx";

/**
 * The second step of a sign-in with two-factor on (decision 020): the 6-digit code the
 * authenticator app shows, or one of the recovery codes. A challenge that ran out sends the user
 * back to their password.
 */
export function TwoFactorStep({ onSignedIn, onRestart }: { onSignedIn(session: Session): void; onRestart(): void }) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: submitTwoFactor,
    onSuccess: onSignedIn,
    onError: (err) => {
      if (err instanceof ApiError && err.status === 401) onRestart();
      setCode("");
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = code.trim();
    if (!useRecovery && !/^\d{6}$/.test(text)) {
      setProblem(twoFactorMessages.codeFormat);
      return;
    }
    setProblem(null);
    mutation.mutate(useRecovery ? { recovery_code: text } : { code: text });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {useRecovery
          ? "Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each works once."
          : "Open your authenticator app and enter the 6-digit code it shows for Keyholder."}
      </p>
      {mutation.isError ? <Alert>{mutation.error.message}</Alert> : null}
      <TextField
        key={useRecovery ? "recovery" : "code"}
        label={useRecovery ? "Recovery code" : "Authentication code"}
        value={code}
        onChange={(v) => setCode(useRecovery ? v : v.replace(/\D/g, "").slice(0, 6))}
        errors={problem ? [problem] : undefined}
        inputMode={useRecovery ? "text" : "numeric"}
        autoComplete="one-time-code"
        autoFocus
      />
      <Button type="submit" isPending={mutation.isPending}>
        {mutation.isPending ? "Checking..." : "Verify"}
      </Button>
      <Button
        variant="ghost"
        onPress={() => {
          setUseRecovery(!useRecovery);
          setCode("");
          setProblem(null);
        }}
      >
        {useRecovery ? "Use the authenticator app instead" : "Use a recovery code instead"}
      </Button>
    </form>
  );
}
