import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { createImageJobs, type ImageJobs } from "../lib/images/image-jobs.ts";

declare module "fastify" {
  interface FastifyInstance {
    imageJobs: ImageJobs;
  }
}

/** Uploaded images are normalized by a worker process with a time limit and a queue (image-jobs.ts). */
export default fp(
  async function images(app: FastifyInstance) {
    const jobs = createImageJobs({ timeoutMs: app.env.IMAGE_TIMEOUT_SECONDS * 1000, maxQueued: app.env.IMAGE_QUEUE });
    app.decorate("imageJobs", jobs);
    app.addHook("onClose", () => jobs.close());
  },
  { name: "images" },
);
