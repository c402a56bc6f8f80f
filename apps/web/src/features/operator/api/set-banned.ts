import { type OperatorAccount, operatorAccountResponseSchema } from "@keyholder/contracts/operator";
import { api } from "../../../lib/api-client.ts";

export const setBanned = ({ account, banned }: { account: OperatorAccount; banned: boolean }) =>
  api(
    `/operator/accounts/${encodeURIComponent(account.organization_id)}/${account.user_id}/${banned ? "ban" : "unban"}`,
    { method: "POST", schema: operatorAccountResponseSchema },
  );
