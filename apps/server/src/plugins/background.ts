import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyInstance {
    /** Runs work after the answer has gone (so its duration reveals nothing); failures are logged. */
    background(what: string, work: () => Promise<unknown>): void;
    /** Resolves when the background work started so far has ended (tests, shutdown). */
    backgroundSettled(): Promise<void>;
  }
}

export default fp(
  async function background(app: FastifyInstance) {
    const running = new Set<Promise<unknown>>();
    app.decorate("background", (what: string, work: () => Promise<unknown>) => {
      const task = new Promise((resolve) => setImmediate(resolve))
        .then(work)
        .catch((err: unknown) => app.log.error({ err }, `background work failed: ${what}`))
        .finally(() => running.delete(task));
      running.add(task);
    });
    const settled = async () => {
      while (running.size) await Promise.all(running);
    };
    app.decorate("backgroundSettled", settled);
    app.addHook("onClose", settled);
  },
  { name: "background" },
);
