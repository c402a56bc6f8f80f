import { type VendorRow, vendorMessages } from "@keyholder/contracts/vendors";
import { Badge } from "../../../components/ui/badge.tsx";

/** Shown on a vendor whose insurance certificate expired before the organization's today. */
export const InsuranceBadge = ({ vendor }: { vendor: Pick<VendorRow, "insurance_expired" | "insurance_problem"> }) =>
  vendor.insurance_expired ? (
    <Badge tone="danger">
      <span title={vendor.insurance_problem ?? undefined}>{vendorMessages.insuranceBadge}</span>
    </Badge>
  ) : null;
