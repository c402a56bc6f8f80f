import { todayIn } from "@keyholder/contracts/civil-date";
import { formatCents } from "@keyholder/contracts/money";
import {
  type DistributionRun,
  type FeeRun,
  feeBasisLabels,
  formatShare,
  type ManagementAgreement,
  OWNER_KIND_LABELS,
  type Owner,
  type PaidDistribution,
} from "@keyholder/contracts/owners";
import { maskedTaxpayerId } from "@keyholder/contracts/vendors";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { type ReadOnlyColumn, ReadOnlyTable } from "../../../components/ui/read-only-table.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { TabPage } from "../../../components/ui/tab-page.tsx";
import { TableSection } from "../../../components/ui/table-section.tsx";
import { toast } from "../../../components/ui/toast.tsx";
import { organizationSettingsQuery } from "../../../lib/organization-settings.ts";
import type { TableTabProps } from "../../../lib/tab-handlers.ts";
import { bankAccountsQuery } from "../api/get-bank-accounts.ts";
import { agreementsQuery, distributionsQuery, OWNERS_QUERY_KEY, ownersQuery } from "../api/get-owners.ts";
import { AgreementDialog } from "./agreement-dialog.tsx";
import { ContributionDialog } from "./contribution-dialog.tsx";
import { DistributionDialog } from "./distribution-dialog.tsx";
import { EndAgreementDialog } from "./end-agreement-dialog.tsx";
import { FeeRunDialog, feeRunSummary } from "./fee-run-dialog.tsx";
import { OwnerDialog } from "./owner-dialog.tsx";
import { OwnerStatementDialog } from "./owner-statement-dialog.tsx";
import { OwnershipDialog } from "./ownership-dialog.tsx";

const columns: ReadOnlyColumn<Owner>[] = [
  { header: "Owner", cell: (o) => o.name },
  { header: "Kind", cell: (o) => OWNER_KIND_LABELS[o.kind] },
  {
    header: "Properties",
    cell: (o) => o.properties.map((p) => `${p.property.name} (${formatShare(p.share_bp)})`).join(", "),
  },
  { header: "Taxpayer id", cell: (o) => maskedTaxpayerId(o.taxpayer_id_last4) },
  { header: "1099", cell: (o) => (o.eligible_1099 ? "Yes" : "No") },
];

const agreementColumns: ReadOnlyColumn<ManagementAgreement>[] = [
  { header: "Property", cell: (a) => a.property.name },
  { header: "From", cell: (a) => `${a.starts_on}${a.ends_on ? ` to ${a.ends_on}` : ""}` },
  {
    header: "Fee",
    cell: (a) =>
      a.fee_percent_bp ? `${formatShare(a.fee_percent_bp)} of ${feeBasisLabels[a.fee_basis].toLowerCase()}` : "",
  },
  {
    header: "Per unit",
    align: "right",
    cell: (a) => (a.flat_per_unit_cents ? formatCents(a.flat_per_unit_cents) : ""),
  },
  { header: "Minimum", align: "right", cell: (a) => formatCents(a.minimum_cents) },
  { header: "Reserve", align: "right", cell: (a) => formatCents(a.reserve_cents) },
];

const feeColumns: ReadOnlyColumn<FeeRun["fees"][number]>[] = [
  { header: "Property", cell: (f) => f.property.name },
  { header: "Income", align: "right", cell: (f) => formatCents(f.income_cents) },
  { header: "Fee", align: "right", cell: (f) => formatCents(f.fee_cents) },
];

const historyColumns: ReadOnlyColumn<PaidDistribution>[] = [
  { header: "Paid on", cell: (d) => d.paid_on },
  { header: "Owner", cell: (d) => d.owner.name },
  { header: "From", cell: (d) => d.bank_account.name },
  { header: "Amount", align: "right", cell: (d) => formatCents(d.amount_cents) },
];

const paidColumns: ReadOnlyColumn<DistributionRun["distributions"][number]>[] = [
  { header: "Owner", cell: (d) => d.owner.name },
  { header: "Paid", align: "right", cell: (d) => formatCents(d.amount_cents) },
];

/**
 * Property > By Owner: the owners of the properties managed, what each holds, the management
 * agreements, and (for administrators) Add Owner, Set Owners of a property, Run Distribution, Add
 * Agreement and Run Management Fees, whose last results stay listed.
 */
export function Owners({ can }: TableTabProps) {
  const queryClient = useQueryClient();
  const owners = useQuery(ownersQuery);
  const banks = useQuery(bankAccountsQuery);
  const settings = useQuery(organizationSettingsQuery);
  const agreements = useQuery(agreementsQuery);
  const history = useQuery(distributionsQuery);
  const [dialog, setDialog] = useState<
    "owner" | "ownership" | "distribution" | "agreement" | "fees" | "contribution" | null
  >(null);
  const [lastRun, setLastRun] = useState<DistributionRun | null>(null);
  const [lastFees, setLastFees] = useState<FeeRun | null>(null);
  const [ending, setEnding] = useState<ManagementAgreement | null>(null);
  const [statementOf, setStatementOf] = useState<Owner | null>(null);
  const manage = can("accounting.manage");
  const today = settings.data ? todayIn(settings.data.time_zone) : null;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [OWNERS_QUERY_KEY] });
  const ownerRows: ReadOnlyColumn<Owner>[] = [
    ...columns,
    {
      header: "Statement",
      hideHeader: true,
      cell: (o) => (
        <Button variant="secondary" onPress={() => setStatementOf(o)}>
          Statement<span className="sr-only"> {`of ${o.name}`}</span>
        </Button>
      ),
    },
  ];
  const agreementRows: ReadOnlyColumn<ManagementAgreement>[] = manage
    ? [
        ...agreementColumns,
        {
          header: "Action",
          hideHeader: true,
          cell: (a) =>
            a.ends_on ? null : (
              <Button variant="secondary" onPress={() => setEnding(a)}>
                End<span className="sr-only"> {`the agreement for ${a.property.name}`}</span>
              </Button>
            ),
        },
      ]
    : agreementColumns;
  return (
    <TabPage>
      <h2 className="mb-4 text-lg font-semibold text-slate-800 dark:text-slate-100">Owners</h2>
      <div className="flex max-w-6xl flex-col gap-3">
        {manage ? (
          <div className="flex flex-wrap gap-2">
            <Button onPress={() => setDialog("owner")}>Add Owner</Button>
            {owners.data?.owners.length ? (
              <Button variant="secondary" onPress={() => setDialog("ownership")}>
                Set Owners
              </Button>
            ) : null}
            {owners.data?.owners.length && banks.data ? (
              <Button variant="secondary" onPress={() => setDialog("distribution")}>
                Run Distribution
              </Button>
            ) : null}
            {owners.data?.owners.some((o) => o.properties.length) && banks.data ? (
              <Button variant="secondary" onPress={() => setDialog("contribution")}>
                Record Contribution
              </Button>
            ) : null}
            <Button variant="secondary" onPress={() => setDialog("agreement")}>
              Add Agreement
            </Button>
            {agreements.data?.agreements.length ? (
              <Button variant="secondary" onPress={() => setDialog("fees")}>
                Run Management Fees
              </Button>
            ) : null}
          </div>
        ) : null}
        {owners.isPending ? <Spinner label="Loading owners" /> : null}
        {owners.isError ? <Alert>{owners.error.message}</Alert> : null}
        {owners.data ? (
          <ReadOnlyTable
            label="Owners"
            columns={ownerRows}
            rows={owners.data.owners}
            rowKey={(o) => o.id}
            empty="No owner yet. Add the people and companies whose properties you manage."
          />
        ) : null}
        {history.data?.distributions.length ? (
          <TableSection
            id="distributions"
            heading="Distributions paid"
            label="Distributions paid"
            columns={historyColumns}
            rows={history.data.distributions}
            rowKey={(d) => d.id}
            limitHeight
          />
        ) : null}
        {agreements.data?.agreements.length ? (
          <TableSection
            id="agreements"
            heading="Management agreements"
            label="Management agreements"
            columns={agreementRows}
            rows={agreements.data.agreements}
            rowKey={(a) => a.id}
            limitHeight
          />
        ) : null}
        {lastFees ? (
          <TableSection
            id="last-fees"
            heading={feeRunSummary(lastFees)}
            label="Fees charged"
            columns={feeColumns}
            rows={lastFees.fees}
            rowKey={(f) => f.property.id}
          />
        ) : null}
        {lastRun ? (
          <TableSection
            id="last-distribution"
            heading={`Paid on ${lastRun.paid_on} from ${lastRun.bank_account.name}`}
            label="Owners paid"
            columns={paidColumns}
            rows={lastRun.distributions.filter((d) => d.amount_cents > 0)}
            rowKey={(d) => d.owner.id}
          />
        ) : null}
      </div>
      {dialog === "owner" ? (
        <OwnerDialog
          onSaved={(owner) => {
            setDialog(null);
            toast({ title: `Owner ${owner.name} added` });
            refresh();
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === "ownership" && owners.data && today ? (
        <OwnershipDialog
          owners={owners.data.owners}
          today={today}
          onSaved={(ownership) => {
            setDialog(null);
            toast({ title: `Owners of ${ownership.property.name} set from ${ownership.starts_on}` });
            refresh();
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === "contribution" && owners.data && banks.data && today ? (
        <ContributionDialog
          owners={owners.data.owners}
          accounts={banks.data.bank_accounts}
          today={today}
          onRecorded={(c) => {
            setDialog(null);
            toast({
              title: `${formatCents(c.amount_cents)} from ${c.owner.name} into ${c.property.name}'s trust cash`,
            });
            void queryClient.invalidateQueries({ queryKey: bankAccountsQuery.queryKey });
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === "agreement" && today ? (
        <AgreementDialog
          today={today}
          onSaved={(agreement) => {
            setDialog(null);
            toast({ title: `Management agreement for ${agreement.property.name} added` });
            refresh();
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {statementOf && today ? (
        <OwnerStatementDialog owner={statementOf} today={today} onClose={() => setStatementOf(null)} />
      ) : null}
      {ending && today ? (
        <EndAgreementDialog
          agreement={ending}
          today={today}
          onEnded={(agreement) => {
            setEnding(null);
            toast({ title: `The agreement for ${agreement.property.name} ends on ${agreement.ends_on}` });
            refresh();
          }}
          onClose={() => setEnding(null)}
        />
      ) : null}
      {dialog === "fees" && today ? (
        <FeeRunDialog
          today={today}
          onDone={(run) => {
            setDialog(null);
            setLastFees(run);
            toast({ title: feeRunSummary(run) });
            void queryClient.invalidateQueries({ queryKey: bankAccountsQuery.queryKey });
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === "distribution" && banks.data && today ? (
        <DistributionDialog
          accounts={banks.data.bank_accounts}
          today={today}
          onPaid={(run) => {
            setDialog(null);
            setLastRun(run);
            toast({ title: `Owners paid ${formatCents(run.total_cents)} from ${run.bank_account.name}` });
            refresh();
            void queryClient.invalidateQueries({ queryKey: bankAccountsQuery.queryKey });
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </TabPage>
  );
}
