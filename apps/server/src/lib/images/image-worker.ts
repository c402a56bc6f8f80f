import sharp from "sharp";
import { ImageRejected, normalizeImage } from "./normalize.ts";

/**
 * The image worker process: takes one job at a time from the server (image-jobs.ts) and answers
 * with the WebP or the reason it was refused. Its own process, so that image work neither shares
 * the server's thread pool with password hashing nor outlives its time limit (the server kills it).
 */
export interface ImageJob {
  id: number;
  input: Uint8Array;
  maxSide: number;
}
export type ImageJobResult =
  | { id: number; ok: true; data: Uint8Array; width: number; height: number }
  | { id: number; ok: false; reason: "unsupported" | "failed" };
/** What the worker sends: once `ready` (sharp loaded, so a job's time is the job's), then results. */
export type ImageWorkerMessage = ImageJobResult | { ready: true };

// One libvips thread: the worker is a background job, not a rival to the requests.
sharp.concurrency(1);
sharp.cache(false);

process.on("message", async (job: ImageJob) => {
  let result: ImageJobResult;
  try {
    const image = await normalizeImage(Buffer.from(job.input), job.maxSide);
    result = { id: job.id, ok: true, data: image.data, width: image.width, height: image.height };
  } catch (err) {
    result = { id: job.id, ok: false, reason: err instanceof ImageRejected ? err.reason : "failed" };
  }
  process.send?.(result);
});
// The server going away ends the worker too.
process.on("disconnect", () => process.exit(0));
process.send?.({ ready: true } satisfies ImageWorkerMessage);
