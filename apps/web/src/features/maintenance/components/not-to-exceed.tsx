import { costMessages } from "@keyholder/contracts/maintenance-costs";
import { parseDollars } from "@keyholder/contracts/money";
import { TextField } from "../../../components/ui/text-field.tsx";

/** A typed not-to-exceed amount: empty is no limit (null), anything not dollars and cents is refused. */
export function notToExceedCents(text: string): { cents: number | null } | { error: string } {
  if (text.trim() === "") return { cents: null };
  const cents = parseDollars(text);
  return cents === null ? { error: costMessages.limit } : { cents };
}

/** A work order's Not to Exceed ($), on the Assign form and in Edit Work Order. */
export function NotToExceedField(props: {
  value: string;
  onChange(value: string): void;
  errors: string[] | undefined;
  description?: string;
}) {
  return <TextField label="Not to Exceed ($)" inputMode="decimal" placeholder="None" {...props} />;
}
