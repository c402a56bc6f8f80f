import { residentRecoveryMessages } from "@keyholder/contracts/resident-account";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";

/** The ten recovery codes, shown once: the resident writes them down, then closes the list. */
export function RecoveryCodesList({ codes, onDone }: { codes: string[]; onDone(): void }) {
  return (
    <div className="mt-2 flex flex-col gap-3">
      <Alert tone="success">{residentRecoveryMessages.keepCodes}</Alert>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((c) => (
          <li key={c} className="rounded bg-slate-100 px-2 py-1 text-center dark:bg-slate-800">
            {c}
          </li>
        ))}
      </ul>
      <Button variant="secondary" onPress={onDone}>
        I have saved them
      </Button>
    </div>
  );
}
