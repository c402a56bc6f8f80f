import type { TableTabProps } from "../../../lib/tab-handlers.ts";
import { Delinquency } from "./delinquency.tsx";
import { DepositRegister } from "./deposit-register.tsx";
import { ReportsTab } from "./reports-tab.tsx";

const PARAMS = ["as_of", "property_id", "tenants"] as const;

/** Reports > Financial: delinquency and the deposit register (the P&L and balance sheet are under Accounting). */
export function FinancialReports({ tabId }: TableTabProps) {
  return (
    <ReportsTab
      tabId={tabId}
      item="Financial"
      params={PARAMS}
      render={(report, params, onParamsChange) =>
        report === "deposit-register" ? (
          <DepositRegister params={params} onParamsChange={onParamsChange} />
        ) : (
          <Delinquency
            params={{ ...params, tenants: params.tenants as "current" | "past" | undefined }}
            onParamsChange={onParamsChange}
          />
        )
      }
    />
  );
}
