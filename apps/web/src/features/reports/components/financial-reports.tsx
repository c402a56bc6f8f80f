import type { TableTabProps } from "../../../lib/tab-handlers.ts";
import { CashFlow } from "./cash-flow.tsx";
import { Delinquency } from "./delinquency.tsx";
import { DepositRegister } from "./deposit-register.tsx";
import { GeneralLedger } from "./general-ledger.tsx";
import { ReportsTab } from "./reports-tab.tsx";
import { ThreeWayReconciliation } from "./three-way-reconciliation.tsx";

const PARAMS = ["as_of", "from", "to", "account_id", "property_id", "tenants"] as const;

/**
 * Reports > Financial: delinquency, the deposit register, the general ledger detail, the cash flow and the three-way reconciliation (the P&L,
 * trial balance and balance sheet are under Accounting).
 */
export function FinancialReports({ tabId }: TableTabProps) {
  return (
    <ReportsTab
      tabId={tabId}
      item="Financial"
      params={PARAMS}
      render={(report, params, onParamsChange) =>
        report === "deposit-register" ? (
          <DepositRegister params={params} onParamsChange={onParamsChange} />
        ) : report === "three-way-reconciliation" ? (
          <ThreeWayReconciliation params={params} onParamsChange={onParamsChange} />
        ) : report === "cash-flow" ? (
          <CashFlow params={params} onParamsChange={onParamsChange} />
        ) : report === "general-ledger" ? (
          <GeneralLedger
            params={{ ...params, account_id: params.account_id ? Number(params.account_id) : undefined }}
            onParamsChange={(p) => onParamsChange({ ...p, account_id: p.account_id?.toString() })}
          />
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
