import { twoFactorMessages } from "@keyholder/contracts/two-factor";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { ApiError } from "../../lib/api-client.ts";
import { Alert } from "../ui/alert.tsx";
import { Button } from "../ui/button.tsx";
import { TextField } from "../ui/text-field.tsx";
import { AuthenticationCodeField } from "../ui/two-factor-setup.tsx";

export type SecondFactor = { code: string } | { recovery_code: string };

/**
 * The second step of a sign-in with two-factor on (decision 020), for staff and residents alike
 * (each sends it to their own sign-in): the 6-digit code the authenticator app shows, or one of the
 * recovery codes. A challenge that ran out sends the person back to their password.
 */
export function TwoFactorStep<S>({
  submit,
  onSignedIn,
  onRestart,
}: {
  submit(factor: SecondFactor): Promise<S>;
  onSignedIn(session: S): void;
  onRestart(): void;
}) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: submit,
    onSuccess: onSignedIn,
    onError: (err) => {
      if (err instanceof ApiError && err.status === 401) onRestart();
      setCode("");
    },
  });
  const send = (e: FormEvent) => {
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
    <form onSubmit={send} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {useRecovery
          ? "Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each works once."
          : "Open your authenticator app and enter the 6-digit code it shows for Keyholder."}
      </p>
      {mutation.isError ? <Alert>{mutation.error.message}</Alert> : null}
      {useRecovery ? (
        <TextField
          label="Recovery code"
          value={code}
          onChange={setCode}
          errors={problem ? [problem] : undefined}
          autoComplete="off"
          autoFocus
        />
      ) : (
        <AuthenticationCodeField value={code} onChange={setCode} errors={problem ? [problem] : undefined} autoFocus />
      )}
      <Button type="submit" isPending={mutation.isPending}>
        {mutation.isPending ? "Checking..." : "Verify"}
      </Button>
      <Button
        variant="ghost"
        onPress={() => {
          setUseRecovery(!useRecovery);
          setCode("");
          setProblem(null);
          mutation.reset();
        }}
      >
        {useRecovery ? "Use the authenticator app instead" : "Use a recovery code instead"}
      </Button>
    </form>
  );
}
