import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v : undefined));

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
  ),
  /** Public address of the app, used in emailed links and to decide on Secure cookies. */
  PUBLIC_URL: optionalString.pipe(z.url("must be a full URL such as https://keyholder.example.com").optional()),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  AUTO_APPROVE_SIGNUPS: bool,
  OPERATOR_EMAIL: optionalString.pipe(z.email("must be an email address").optional()),
  OPERATOR_PASSWORD: optionalString,
  DEMO_PASSWORD: optionalString,
  /** Seed a demo organization at first start (default on; tests and production installs turn it off). */
  DEMO_SEED: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1"),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional(),
  ),
  MAIL_FROM: z.string().default("Keyholder <no-reply@keyholder.local>"),
  /** Behind a TLS-terminating proxy: trust X-Forwarded-* and mark cookies Secure. */
  TRUST_PROXY: bool,
  ANALYTICS_URL: optionalString.pipe(z.url().optional()),
  /** Uploaded files: "disk" (DATA_DIR/files) or "s3" (any S3-compatible store, with the S3_* settings). */
  STORAGE_BACKEND: z.enum(["disk", "s3"]).default("disk"),
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
});

export type Env = z.infer<typeof envSchema>;

const s3Settings = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

/** Reads the environment once; a bad value stops the boot with the variable named. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  if (parsed.data.STORAGE_BACKEND === "s3") {
    const missing = s3Settings.filter((k) => !parsed.data[k]);
    if (missing.length) throw new Error(`Invalid configuration:\n  STORAGE_BACKEND=s3 needs ${missing.join(", ")}`);
  }
  return parsed.data;
}
