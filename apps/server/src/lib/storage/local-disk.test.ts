import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { afterAll, describe, expect, it } from "vitest";
import { localDiskStorage } from "./local-disk.ts";

describe("storage on the local disk", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "keyholder-disk-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const storage = localDiskStorage(root);

  it("writes a stream as it comes and reads it back as a stream", async () => {
    const chunks = Array.from({ length: 5 }, (_, i) => Buffer.alloc(256 * 1024, i));
    const stored = await storage.putStream("org/a/reports/run.csv", Readable.from(chunks), "text/csv");
    expect(stored.bytes).toBe(5 * 256 * 1024);
    const back = await storage.getStream("org/a/reports/run.csv");
    if (!back) throw new Error("not stored");
    expect(Buffer.compare(await buffer(back), Buffer.concat(chunks))).toBe(0);
    expect(await storage.getStream("org/a/reports/none.csv")).toBeNull();
  });

  it("leaves nothing behind of a stream that fails part way, not even its partial file", async () => {
    async function* failing() {
      yield Buffer.from("a,b\n");
      throw new Error("the report failed");
    }
    await expect(storage.putStream("org/b/reports/failed.csv", Readable.from(failing()), "text/csv")).rejects.toThrow(
      "the report failed",
    );
    expect(await storage.get("org/b/reports/failed.csv")).toBeNull();
    expect(readdirSync(path.join(root, "org/b/reports"))).toEqual([]);
  });

  it("never writes outside its root", async () => {
    await expect(storage.putStream("../escape.csv", Readable.from([Buffer.from("x")]), "text/csv")).rejects.toThrow(
      /invalid storage key/,
    );
  });
});
