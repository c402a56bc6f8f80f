import { RECOVERY_CODE_COUNT } from "@keyholder/contracts/two-factor";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { PasswordField } from "../../../components/ui/password-field.tsx";
import { RecoveryCodes, TwoFactorEnrolment } from "../../../components/ui/two-factor-setup.tsx";
import { authStore } from "../../../lib/auth/auth-context.tsx";
import { disableTwoFactor, enableTwoFactor, startTwoFactorSetup, twoFactorStatusQuery } from "../api/two-factor.ts";

/**
 * Two-factor sign-in in Settings (issue 13, item 7): turn it on by scanning the QR code (or typing
 * the key) into an authenticator app and confirming a code with the password; the ten recovery
 * codes are shown once; turning it off needs the password.
 */
export function TwoFactorSettings() {
  const queryClient = useQueryClient();
  const status = useQuery(twoFactorStatusQuery);
  const [codes, setCodes] = useState<string[] | null>(null);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: twoFactorStatusQuery.queryKey });
    await authStore.refresh();
  };
  if (codes) return <RecoveryCodes codes={codes} title="Two-factor sign-in is on." onDone={() => setCodes(null)} />;
  if (status.isPending) return <p className="text-sm text-slate-600 dark:text-slate-300">Loading...</p>;
  if (status.isError) return <Alert>{status.error.message}</Alert>;
  if (status.data.enabled) {
    return (
      <TurnOff
        codesLeft={status.data.recovery_codes_left}
        required={status.data.required}
        onDone={() => void refresh()}
      />
    );
  }
  return (
    <TurnOn
      onEnabled={(recovery) => {
        setCodes(recovery);
        void refresh();
      }}
    />
  );
}

function TurnOn({ onEnabled }: { onEnabled(codes: string[]): void }) {
  const setup = useMutation({ mutationFn: startTwoFactorSetup });
  const enable = useMutation({ mutationFn: enableTwoFactor, onSuccess: (r) => onEnabled(r.recovery_codes) });
  if (!setup.data) {
    return (
      <div className="flex flex-col items-start gap-2">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Off. With it on, signing in also asks for a code from an authenticator app on your phone.
        </p>
        {setup.isError ? <Alert>{setup.error.message}</Alert> : null}
        <Button onPress={() => setup.mutate()} isPending={setup.isPending}>
          Turn on two-factor sign-in
        </Button>
      </div>
    );
  }
  return (
    <TwoFactorEnrolment
      setup={setup.data}
      error={enable.error}
      isPending={enable.isPending}
      onSubmit={(answer) => enable.mutate(answer)}
    />
  );
}

function TurnOff({ codesLeft, required, onDone }: { codesLeft: number; required: boolean; onDone(): void }) {
  const [password, setPassword] = useState("");
  const disable = useMutation({ mutationFn: disableTwoFactor, onSuccess: onDone });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        disable.mutate({ password });
      }}
      noValidate
      className="flex flex-col items-start gap-2"
    >
      <p className="text-sm text-slate-600 dark:text-slate-300">
        On. {codesLeft} of {RECOVERY_CODE_COUNT} recovery codes left.
      </p>
      {required ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Your organization requires it of administrators, so it stays on.
        </p>
      ) : (
        <>
          {disable.isError ? <Alert>{disable.error.message}</Alert> : null}
          <PasswordField label="Password" autoComplete="current-password" value={password} onChange={setPassword} />
          <Button variant="secondary" type="submit" isPending={disable.isPending}>
            Turn off two-factor sign-in
          </Button>
        </>
      )}
    </form>
  );
}
