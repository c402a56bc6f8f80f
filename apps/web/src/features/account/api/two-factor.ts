import {
  organizationSecuritySchema,
  recoveryCodesSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from "@keyholder/contracts/two-factor";
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../../lib/api-client.ts";

export const twoFactorStatusQuery = queryOptions({
  queryKey: ["two-factor-status"],
  queryFn: () => api("/account/two-factor", { schema: twoFactorStatusSchema }),
});

export const startTwoFactorSetup = () =>
  api("/account/two-factor/setup", { method: "POST", schema: twoFactorSetupSchema });

export const enableTwoFactor = (body: { password: string; code: string }) =>
  api("/account/two-factor/enable", { method: "POST", body, schema: recoveryCodesSchema });

export const disableTwoFactor = (body: { password: string }) =>
  api("/account/two-factor/disable", { method: "POST", body, schema: z.object({ ok: z.literal(true) }) });

export const organizationSecurityQuery = queryOptions({
  queryKey: ["organization-security"],
  queryFn: () => api("/organization/security", { schema: organizationSecuritySchema }),
});

export const saveOrganizationSecurity = (body: { require_two_factor_admins: boolean }) =>
  api("/organization/security", { method: "PUT", body, schema: organizationSecuritySchema });
