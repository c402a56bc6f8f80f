import { isIP } from "node:net";
import { STATEMENT_INLINE_LINES } from "@keyholder/contracts/bank-statements";
import { z } from "zod";
import { parseEncryptionKey } from "./lib/secret-box.ts";

const encryptionKeyHelp =
  "must be 32 random bytes written as 64 hex characters or base64, e.g. the output of `openssl rand -hex 32`";

const bool = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const isAddressOrRange = (entry: string) => {
  const [address = "", prefix, extra] = entry.split("/");
  const version = isIP(address);
  if (!version || extra !== undefined) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
};

/**
 * The proxies whose X-Forwarded-For entries are believed: off, a number of hops counted from the
 * app ("true" is one: the proxy in front), or the proxies' addresses and ranges, comma-separated.
 * Trusting every entry would let a client write its own address in front of the proxy's.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): false | number | string[] => {
    const value = v?.trim() ?? "";
    if (value === "" || value === "false" || value === "0") return false;
    if (value === "true") return 1;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(",").map((e) => e.trim());
    if (entries.every(isAddressOrRange)) return entries;
    ctx.addIssue({
      code: "custom",
      message:
        "must be false, a number of proxy hops (1 for one proxy in front), or proxy addresses such as 10.0.0.0/8,127.0.0.1",
    });
    return z.NEVER;
  });

const hostName =
  /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const isHost = (v: string) => isIP(v) !== 0 || hostName.test(v);

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v : undefined));

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  /**
   * The address to listen on: this machine only by default, since a first start prints the demo
   * sign-in; 0.0.0.0 (or ::) to accept other machines, as the container image does.
   */
  HOST: optionalString.pipe(
    z.string().refine(isHost, "must be an address such as 127.0.0.1 or 0.0.0.0, or a host name").default("127.0.0.1"),
  ),
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
  /**
   * Encrypts two-factor secrets at rest: 32 random bytes as 64 hex characters or base64. Required
   * with DATABASE_URL; the embedded database keeps a generated one in DATA_DIR/encryption.key.
   */
  ENCRYPTION_KEY: optionalString.pipe(
    z
      .string()
      .refine((v) => parseEncryptionKey(v) !== null, encryptionKeyHelp)
      .optional(),
  ),
  /** Behind a TLS-terminating proxy: which X-Forwarded-* hops to trust; cookies are then Secure. */
  TRUST_PROXY: trustProxy,
  ANALYTICS_URL: optionalString.pipe(z.url().optional()),
  /** Questions one user may ask the assistant a minute (an address may ask twice as many). */
  AI_QUERIES_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  /**
   * An OpenAI-compatible chat-completions server (a hosted provider, or a local Ollama, llama.cpp or
   * vLLM at e.g. http://127.0.0.1:11434/v1) for the questions the built-in assistant cannot read.
   */
  AI_BASE_URL: optionalString.pipe(
    z.url({ protocol: /^https?$/, error: "must be a full URL such as http://127.0.0.1:11434/v1" }).optional(),
  ),
  /** The key the server asks for (local servers usually need none). */
  AI_API_KEY: optionalString,
  /** The model to ask, as the server names it (e.g. gpt-4o-mini, llama3.1). */
  AI_MODEL: optionalString,
  /** Longest a model may take over one question, tool steps included, before the built-in answer is given. */
  AI_TIMEOUT_SECONDS: z.coerce.number().positive().max(120).default(10),
  /** Longest an uploaded image may take to process before it is refused as too complex. */
  IMAGE_TIMEOUT_SECONDS: z.coerce.number().positive().max(300).default(10),
  /** Uploads that may wait for the image worker; more are refused as busy (503, Retry-After). */
  IMAGE_QUEUE: z.coerce.number().int().min(1).max(1000).default(8),
  /**
   * Whether this server runs durable jobs (charge runs) and their schedules (decision 026). On by
   * default; with several app servers any number may run them (each job runs on one at a time).
   */
  JOB_WORKER: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1"),
  /**
   * Statement files of more lines are imported in the background (decision 041); tests lower it to
   * follow a background import of a few lines.
   */
  STATEMENT_INLINE_LINES: z.coerce.number().int().min(0).max(100_000).default(STATEMENT_INLINE_LINES),
  /**
   * A report written in parts (a background run's rent roll or general ledger) reads about this
   * many rows at a time (a roll's units, a ledger's lines), so its memory is bounded by the part,
   * not the portfolio; tests lower it to write files of several parts.
   */
  REPORT_BATCH_ROWS: z.coerce.number().int().min(1).max(100_000).default(5_000),
  /**
   * A background run saves how many rows its file has so far (and renews its claim on the job) this
   * often while writing; tests set 0 to save as often as a save is not already under way.
   */
  REPORT_PROGRESS_SECONDS: z.coerce.number().min(0).max(60).default(2),
  /** How often an idle worker looks for a due job. */
  JOB_POLL_SECONDS: z.coerce.number().positive().max(300).default(2),
  /** How often the schedules enqueue what came due (the day's charge runs); they also run at start. */
  JOB_SCHEDULE_MINUTES: z.coerce.number().positive().max(1440).default(15),
  /** Uploaded files: "disk" (DATA_DIR/files) or "s3" (any S3-compatible store, with the S3_* settings). */
  STORAGE_BACKEND: z.enum(["disk", "s3"]).default("disk"),
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
});

export type Env = z.infer<typeof envSchema>;

/** Served over HTTPS: behind a trusted (TLS-terminating) proxy, or at an https:// public address. */
export const servedOverHttps = (env: Env) =>
  env.TRUST_PROXY !== false || env.PUBLIC_URL?.startsWith("https://") === true;

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
  if (parsed.data.DATABASE_URL && !parsed.data.ENCRYPTION_KEY) {
    throw new Error(
      `Invalid configuration:\n  ENCRYPTION_KEY is required with DATABASE_URL (it encrypts two-factor secrets at rest): ${encryptionKeyHelp}; keep it with your backups, the secrets cannot be read without it`,
    );
  }
  if (parsed.data.AI_BASE_URL && !parsed.data.AI_MODEL) {
    throw new Error("Invalid configuration:\n  AI_BASE_URL needs AI_MODEL, the model to ask");
  }
  return parsed.data;
}
