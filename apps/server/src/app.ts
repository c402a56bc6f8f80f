import path from "node:path";
import { fileURLToPath } from "node:url";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import Fastify, { type FastifyServerOptions } from "fastify";
import { serializerCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { DatabaseHandle } from "./db/client.ts";
import type { Env } from "./env.ts";
import type { Mailer } from "./lib/mail/mailer.ts";
import mailPlugin from "./lib/mail/plugin.ts";
import { contractValidatorCompiler } from "./lib/validator-compiler.ts";
import accountRoutes from "./modules/account/routes.ts";
import accountingPeriodRoutes from "./modules/accounting-periods/routes.ts";
import publicApplicationRoutes from "./modules/applications/public-routes.ts";
import applicantRoutes from "./modules/applications/routes.ts";
import assistantRoutes from "./modules/assistant/routes.ts";
import authRoutes from "./modules/auth/routes.ts";
import balanceSheetRoutes from "./modules/balance-sheet/routes.ts";
import bankAccountRoutes from "./modules/bank-accounts/routes.ts";
import bankDepositRoutes from "./modules/bank-deposits/routes.ts";
import bankStatementRoutes from "./modules/bank-statements/routes.ts";
import billPaymentRoutes from "./modules/bill-payments/routes.ts";
import billRoutes from "./modules/bills/routes.ts";
import buildingRoutes from "./modules/buildings/routes.ts";
import cashFlowRoutes from "./modules/cash-flow/routes.ts";
import chargeRunRoutes from "./modules/charge-runs/routes.ts";
import clientErrorRoutes from "./modules/client-errors/routes.ts";
import delinquencyRoutes from "./modules/delinquency/routes.ts";
import depositRegisterRoutes from "./modules/deposit-register/routes.ts";
import diagnosticsRoutes from "./modules/diagnostics/routes.ts";
import docsRoutes from "./modules/docs/routes.ts";
import emailVerificationRoutes from "./modules/email-verification/routes.ts";
import floorPlanRoutes from "./modules/floor-plans/routes.ts";
import generalLedgerRoutes from "./modules/general-ledger/routes.ts";
import getStartedRoutes from "./modules/get-started/routes.ts";
import healthRoutes from "./modules/health/routes.ts";
import imageRoutes from "./modules/images/routes.ts";
import incomeStatementRoutes from "./modules/income-statement/routes.ts";
import leaseExpirationsRoutes from "./modules/lease-expirations/routes.ts";
import leaseLedgerRoutes from "./modules/lease-ledger/routes.ts";
import leaseLifecycleRoutes from "./modules/lease-lifecycle/routes.ts";
import leaseRoutes from "./modules/leases/routes.ts";
import ledgerRoutes from "./modules/ledger/routes.ts";
import maintenanceRoutes from "./modules/maintenance/routes.ts";
import vendorPortalRoutes from "./modules/maintenance/vendor-portal-routes.ts";
import maintenanceCostRoutes from "./modules/maintenance-costs/routes.ts";
import maintenanceReportRoutes from "./modules/maintenance-reports/routes.ts";
import managementAgreementRoutes from "./modules/management-agreements/routes.ts";
import managementFeeRoutes from "./modules/management-fees/routes.ts";
import noticeRoutes from "./modules/notices/routes.ts";
import occupancyRoutes from "./modules/occupancy/routes.ts";
import occupancyReportRoutes from "./modules/occupancy-report/routes.ts";
import operatorRoutes from "./modules/operator/routes.ts";
import organizationSettingsRoutes from "./modules/organization-settings/routes.ts";
import ownerContributionRoutes from "./modules/owner-contributions/routes.ts";
import ownerDistributionRoutes from "./modules/owner-distributions/routes.ts";
import ownerStatementRoutes from "./modules/owner-statements/routes.ts";
import ownerRoutes from "./modules/owners/routes.ts";
import passwordResetRoutes from "./modules/password-reset/routes.ts";
import peopleRoutes from "./modules/people/routes.ts";
import propertyRoutes from "./modules/properties/routes.ts";
import propertyPhotoRoutes from "./modules/property-photos/routes.ts";
import propertyTypeRoutes from "./modules/property-types/routes.ts";
import publicPropertyRoutes from "./modules/public-properties/routes.ts";
import reconciliationRoutes from "./modules/reconciliations/routes.ts";
import referenceRoutes from "./modules/reference/routes.ts";
import relatedItemRoutes from "./modules/related-items/routes.ts";
import rentRollRoutes from "./modules/rent-roll/routes.ts";
import reportRunRoutes from "./modules/report-runs/routes.ts";
import reportScheduleRoutes from "./modules/report-schedules/routes.ts";
import reportRoutes from "./modules/reports/routes.ts";
import { residentInvitationRoutes, residentPortalRoutes } from "./modules/resident/routes.ts";
import seoRoutes from "./modules/seo/routes.ts";
import staffRoutes from "./modules/staff/routes.ts";
import taxFormRoutes from "./modules/tax-forms/routes.ts";
import tenantStatementRoutes from "./modules/tenant-statement/routes.ts";
import tenantRoutes from "./modules/tenants/routes.ts";
import threeWayRoutes from "./modules/three-way-reconciliation/routes.ts";
import twoFactorRoutes from "./modules/two-factor/routes.ts";
import unitRoutes from "./modules/units/routes.ts";
import userRoutes from "./modules/users/routes.ts";
import vendorRoutes from "./modules/vendors/routes.ts";
import webAppRoutes from "./modules/web-app/routes.ts";
import zipcodeRoutes from "./modules/zipcodes/routes.ts";
import zoneRoutes from "./modules/zones/routes.ts";
import authPlugin from "./plugins/auth.ts";
import backgroundPlugin from "./plugins/background.ts";
import csrfPlugin from "./plugins/csrf.ts";
import dbPlugin from "./plugins/db.ts";
import errorsPlugin from "./plugins/errors.ts";
import imagesPlugin from "./plugins/images.ts";
import jobsPlugin from "./plugins/jobs.ts";
import openapiPlugin from "./plugins/openapi.ts";
import orgContextPlugin from "./plugins/org-context.ts";
import permissionsPlugin from "./plugins/permissions.ts";
import reportRegistryPlugin from "./plugins/report-registry.ts";
import secretsPlugin from "./plugins/secrets.ts";
import securityPlugin from "./plugins/security.ts";
import storagePlugin from "./plugins/storage.ts";

export interface AppOptions {
  env: Env;
  database: DatabaseHandle;
  /** Built web app to serve; defaults to apps/web/dist. */
  webDist?: string;
  /** The web app's server entry; defaults to apps/web/dist-server/entry-server.js. */
  ssrEntry?: string;
  /** Replaces the SMTP/outbox mailer (tests). */
  mailer?: Mailer;
  logger?: FastifyServerOptions["logger"];
  /** Where the app's own JSON log goes (tests read it); default stdout. */
  logStream?: NodeJS.WritableStream;
  /** The clock of schedules and jobs (which day it is); tests move it. */
  now?: () => Date;
}

const webApp = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web");

/** Request logs never carry credentials. */
export const logRedactPaths = [
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
  "*.password",
  "*.token",
];

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Builds the whole app (plugins: external -> app -> routes); server.ts only listens. */
export async function buildApp(options: AppOptions) {
  const { env } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: env.LOG_LEVEL,
      redact: { paths: logRedactPaths, censor: "[redacted]" },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: 1024 * 1024,
    // A hop count as proxy-addr reads it: the first n addresses, counted from the app, are proxies.
    trustProxy: typeof env.TRUST_PROXY === "number" ? trustHops(env.TRUST_PROXY) : env.TRUST_PROXY,
    requestIdHeader: "x-request-id",
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(contractValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("env", env);

  // external
  await app.register(cookie);
  // Only routes that ask for it compress (the grids' lists, `listCompression`): static files and
  // pages come compressed already, and requests are never decompressed.
  await app.register(compress, { global: false, globalDecompression: false });
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1 } });
  await app.register(securityPlugin);
  await app.register(openapiPlugin);

  // app
  await app.register(errorsPlugin);
  await app.register(dbPlugin, { database: options.database });
  await app.register(backgroundPlugin);
  await app.register(secretsPlugin);
  await app.register(jobsPlugin, { now: options.now });
  await app.register(storagePlugin);
  await app.register(reportRegistryPlugin);
  await app.register(imagesPlugin);
  await app.register(mailPlugin, { mailer: options.mailer });
  await app.register(orgContextPlugin);
  await app.register(csrfPlugin);
  await app.register(authPlugin);
  await app.register(permissionsPlugin);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  // routes
  await app.register(healthRoutes, { prefix: "/api" });
  await app.register(docsRoutes, { prefix: "/api" });
  await app.register(
    async (api) => {
      await api.register(authRoutes);
      await api.register(propertyTypeRoutes);
      await api.register(propertyRoutes);
      await api.register(propertyPhotoRoutes);
      await api.register(publicPropertyRoutes);
      await api.register(publicApplicationRoutes);
      await api.register(applicantRoutes);
      await api.register(assistantRoutes);
      await api.register(clientErrorRoutes);
      await api.register(imageRoutes);
      await api.register(accountRoutes);
      await api.register(buildingRoutes);
      await api.register(floorPlanRoutes);
      await api.register(unitRoutes);
      await api.register(relatedItemRoutes);
      await api.register(zoneRoutes);
      await api.register(tenantRoutes);
      await api.register(staffRoutes);
      await api.register(userRoutes);
      await api.register(twoFactorRoutes);
      await api.register(getStartedRoutes);
      await api.register(noticeRoutes);
      await api.register(passwordResetRoutes);
      await api.register(emailVerificationRoutes);
      await api.register(operatorRoutes);
      await api.register(zipcodeRoutes);
      await api.register(referenceRoutes);
      await api.register(peopleRoutes);
      await api.register(organizationSettingsRoutes);
      await api.register(ledgerRoutes);
      await api.register(accountingPeriodRoutes);
      await api.register(bankAccountRoutes);
      await api.register(bankDepositRoutes);
      await api.register(bankStatementRoutes);
      await api.register(reconciliationRoutes);
      await api.register(billRoutes);
      await api.register(billPaymentRoutes);
      await api.register(ownerRoutes);
      await api.register(managementAgreementRoutes);
      await api.register(managementFeeRoutes);
      await api.register(ownerContributionRoutes);
      await api.register(ownerDistributionRoutes);
      await api.register(ownerStatementRoutes);
      await api.register(incomeStatementRoutes);
      await api.register(balanceSheetRoutes);
      await api.register(rentRollRoutes);
      await api.register(delinquencyRoutes);
      await api.register(leaseExpirationsRoutes);
      await api.register(maintenanceReportRoutes);
      await api.register(generalLedgerRoutes);
      await api.register(cashFlowRoutes);
      await api.register(threeWayRoutes);
      await api.register(occupancyReportRoutes);
      await api.register(reportRunRoutes);
      await api.register(reportScheduleRoutes);
      await api.register(depositRegisterRoutes);
      await api.register(tenantStatementRoutes);
      await api.register(reportRoutes);
      await api.register(taxFormRoutes);
      await api.register(diagnosticsRoutes);
      await api.register(chargeRunRoutes);
      await api.register(occupancyRoutes);
      await api.register(leaseRoutes);
      await api.register(leaseLedgerRoutes);
      await api.register(leaseLifecycleRoutes);
      await api.register(maintenanceRoutes);
      await api.register(vendorPortalRoutes);
      await api.register(maintenanceCostRoutes);
      await api.register(vendorRoutes);
      await api.register(residentInvitationRoutes);
      await api.register(residentPortalRoutes);
    },
    { prefix: "/api/v1" },
  );

  await app.register(seoRoutes);
  await app.register(webAppRoutes, {
    webDist: options.webDist ?? path.join(webApp, "dist"),
    ssrEntry: options.ssrEntry ?? path.join(webApp, "dist-server", "entry-server.js"),
  });

  return app;
}

declare module "fastify" {
  interface FastifyInstance {
    env: Env;
  }
}

export type App = Awaited<ReturnType<typeof buildApp>>;
