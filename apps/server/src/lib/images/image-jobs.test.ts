import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { createImageJobs, type ImageJobs } from "./image-jobs.ts";

const png = () =>
  sharp({ create: { width: 32, height: 32, channels: 3, background: "#0d9488" } })
    .png()
    .toBuffer();

describe("image jobs", () => {
  let jobs: ImageJobs | undefined;
  afterEach(() => jobs?.close());

  it("times a job from when its worker is ready, so a worker's start-up never refuses a small photo", async () => {
    // Shorter than a worker's start (Node, tsx and sharp; at a lower CPU priority), far longer than
    // re-encoding 32 x 32 pixels.
    jobs = createImageJobs({ timeoutMs: 250, maxQueued: 4 });
    const image = await jobs.normalize(await png(), 64);
    expect({ width: image.width, height: image.height, contentType: image.contentType }).toEqual({
      width: 32,
      height: 32,
      contentType: "image/webp",
    });
    // The same on the next jobs, with the worker started.
    for (let i = 0; i < 3; i++) expect((await jobs.normalize(await png(), 64)).width).toBe(32);
  });
});
