import { depositRegisterQuerySchema, depositRegisterSchema } from "@keyholder/contracts/deposit-register";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerReportRoute } from "../../lib/reports/report-route.ts";
import { depositRegisterDocument } from "./deposit-register-document.ts";
import { readDepositRegister, streamDepositRegister } from "./read-deposit-register.ts";

/** Reports > Financial > Deposit register (issue 30 item 3). */
const depositRegisterRoutes: FastifyPluginAsyncZod = async (app) => {
  registerReportRoute(app, {
    paths: ["/reports/deposit-register"],
    summary:
      "What each lease had on deposit at the end of a day (as_of, today when left out), security and other deposits held, of the organization or a property, and what the deposit accounts hold on no lease: together, the deposits held on the balance sheet; `format=csv|xlsx|pdf` to download",
    query: depositRegisterQuerySchema,
    result: depositRegisterSchema,
    read: readDepositRegister,
    document: depositRegisterDocument,
    stream: streamDepositRegister,
  });
};

export default depositRegisterRoutes;
