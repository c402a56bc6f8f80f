import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { createSecretBox, keyFromDataDir, parseEncryptionKey, type SecretBox } from "../lib/secret-box.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Seals and opens secrets kept in the database (two-factor secrets), under ENCRYPTION_KEY. */
    secretBox: SecretBox;
  }
}

/** The key from ENCRYPTION_KEY (validated at boot), or the embedded default's key file in DATA_DIR. */
export default fp(
  async function secrets(app: FastifyInstance) {
    const fromEnv = app.env.ENCRYPTION_KEY ? parseEncryptionKey(app.env.ENCRYPTION_KEY) : null;
    app.decorate("secretBox", createSecretBox(fromEnv ?? keyFromDataDir(app.env.DATA_DIR)));
  },
  { name: "secrets" },
);
