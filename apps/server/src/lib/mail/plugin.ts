import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import nodemailer from "nodemailer";
import { createMailer, type Mailer } from "./mailer.ts";

declare module "fastify" {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/**
 * app.mailer: SMTP when SMTP_URL is set, otherwise the outbox table only. Tests may pass their own
 * mailer; the app's own one is closed (pending deliveries awaited) with the app.
 */
export default fp<{ mailer?: Mailer | undefined }>(
  async function mail(app: FastifyInstance, opts) {
    const mailer =
      opts.mailer ??
      createMailer({
        db: app.db,
        transport: app.env.SMTP_URL ? nodemailer.createTransport(app.env.SMTP_URL) : undefined,
        from: app.env.MAIL_FROM,
        log: app.log,
      });
    app.decorate("mailer", mailer);
    if (!opts.mailer) app.addHook("onClose", () => mailer.close());
  },
  { name: "mail" },
);
