import { type ChildProcess, fork } from "node:child_process";
import { setPriority } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { imageMessages } from "@keyholder/contracts/images";
import { HttpError } from "../http-error.ts";
import type { ImageJob, ImageJobResult, ImageWorkerMessage } from "./image-worker.ts";
import type { NormalizedImage } from "./normalize.ts";

const here = path.dirname(fileURLToPath(import.meta.url));

interface Pending {
  job: ImageJob;
  resolve: (image: NormalizedImage) => void;
  reject: (err: Error) => void;
}

/**
 * Image work, bounded: one worker process takes one job at a time (a queue of `maxQueued` waits,
 * beyond it the upload is refused as busy), each job has `timeoutMs` before its worker is killed
 * and replaced (the upload refused as too complex), and the worker runs at a lower CPU priority
 * than the server, whose own thread pool is left to password hashing and the database. A job's
 * time starts once its worker says it is ready: a worker started after a kill loads Node, tsx and
 * sharp first, which on a busy machine took longer than the limit and refused an ordinary photo.
 */
export function createImageJobs(options: { timeoutMs: number; maxQueued: number }) {
  const queue: Pending[] = [];
  let worker: ChildProcess | undefined;
  let ready = false;
  let current: (Pending & { timer: NodeJS.Timeout }) | undefined;
  let nextId = 1;
  let closed = false;

  const start = () => {
    const child = fork(path.join(here, "image-worker.ts"), {
      // tsx resolves from here up to the project's node_modules, wherever the server was started.
      cwd: here,
      execArgv: ["--import", "tsx"],
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    try {
      if (child.pid) setPriority(child.pid, 10);
    } catch {
      // Lowering a priority is allowed everywhere we run; if not, the time limit still holds.
    }
    child.on("message", (message: ImageWorkerMessage) => {
      if ("ready" in message) {
        if (worker === child) ready = true;
        pump();
      } else finish(message);
    });
    child.on("exit", () => {
      const started = worker === child && ready;
      if (worker === child) {
        worker = undefined;
        ready = false;
      }
      if (current) fail(new HttpError(422, "IMAGE_TOO_COMPLEX", imageMessages.tooComplex));
      else if (!started && !closed) {
        // It died before it could take a job: the first waiting one fails (not a loop of restarts).
        queue.shift()?.reject(new Error("image worker did not start"));
        pump();
      }
    });
    return child;
  };

  const fail = (err: Error) => {
    const job = current;
    if (!job) return;
    clearTimeout(job.timer);
    current = undefined;
    job.reject(err);
    pump();
  };

  const finish = (result: ImageJobResult) => {
    const job = current;
    if (!job || job.job.id !== result.id) return;
    clearTimeout(job.timer);
    current = undefined;
    if (result.ok) {
      job.resolve({
        data: Buffer.from(result.data),
        width: result.width,
        height: result.height,
        contentType: "image/webp",
      });
    } else if (result.reason === "unsupported") {
      job.reject(new HttpError(415, "UNSUPPORTED_MEDIA_TYPE", imageMessages.unsupported));
    } else {
      job.reject(new Error("image worker failed"));
    }
    pump();
  };

  const pump = () => {
    if (current || closed || queue.length === 0) return;
    worker ??= start();
    // A starting worker pumps again when it is ready.
    if (!ready) return;
    const next = queue.shift();
    if (!next) return;
    const child = worker;
    const timer = setTimeout(() => {
      // The job is over its time: kill the worker (its native work cannot be interrupted otherwise);
      // its exit fails the job and the next job starts a new one.
      child.kill("SIGKILL");
    }, options.timeoutMs);
    current = { ...next, timer };
    child.send(next.job);
  };

  return {
    normalize(input: Buffer, maxSide: number): Promise<NormalizedImage> {
      if (closed) return Promise.reject(new Error("image jobs closed"));
      if (queue.length >= options.maxQueued) {
        return Promise.reject(
          new HttpError(503, "IMAGE_QUEUE_FULL", imageMessages.busy, undefined, undefined, { "retry-after": "5" }),
        );
      }
      return new Promise((resolve, reject) => {
        queue.push({ job: { id: nextId++, input, maxSide }, resolve, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const p of queue.splice(0)) p.reject(new Error("image jobs closed"));
      worker?.kill("SIGKILL");
    },
  };
}

export type ImageJobs = ReturnType<typeof createImageJobs>;
