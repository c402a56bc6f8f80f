import path from "node:path";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { localDiskStorage } from "../lib/storage/local-disk.ts";
import { s3Storage } from "../lib/storage/s3.ts";
import type { Storage } from "../lib/storage/storage.ts";

declare module "fastify" {
  interface FastifyInstance {
    storage: Storage;
  }
}

/** The file store chosen by configuration: local disk under DATA_DIR by default, or S3-compatible. */
export default fp(
  async function storage(app: FastifyInstance) {
    const env = app.env;
    app.decorate(
      "storage",
      env.STORAGE_BACKEND === "s3"
        ? s3Storage({
            endpoint: env.S3_ENDPOINT ?? "",
            bucket: env.S3_BUCKET ?? "",
            region: env.S3_REGION,
            accessKeyId: env.S3_ACCESS_KEY_ID ?? "",
            secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? "",
          })
        : localDiskStorage(path.resolve(env.DATA_DIR, "files")),
    );
  },
  { name: "storage" },
);
