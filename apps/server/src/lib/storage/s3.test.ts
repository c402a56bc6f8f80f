import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { s3Storage } from "./s3.ts";

// s3rver is an S3-compatible server that runs in this process, so the S3 backend is exercised over
// real HTTP with SigV4-signed requests (its built-in key pair is S3RVER/S3RVER). It checks the
// access key of a V4 request but not the signature's arithmetic, which aws4fetch owns.
describe("S3-compatible storage", () => {
  const directory = mkdtempSync(path.join(os.tmpdir(), "keyholder-s3-"));
  let server: S3rver;
  let endpoint = "";
  beforeAll(async () => {
    server = new S3rver({
      port: 0,
      address: "127.0.0.1",
      silent: true,
      directory,
      configureBuckets: [{ name: "uploads", configs: [] }],
    });
    const address = (await server.run()) as { port: number };
    endpoint = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  });
  const storage = (accessKeyId = "S3RVER") =>
    s3Storage({ endpoint, bucket: "uploads", region: "us-east-1", accessKeyId, secretAccessKey: "S3RVER" });

  it("stores, reads back and deletes an object under a nested key", async () => {
    const s = storage();
    const key = "org/0b5c/images/a b+c.webp";
    const bytes = Buffer.from([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4]);
    await s.put(key, bytes, "image/webp");
    expect(await s.get(key)).toEqual(bytes);
    await s.delete(key);
    expect(await s.get(key)).toBeNull();
    await s.delete(key);
  });

  it("stores a stream larger than a part in parts, and reads it back as a stream", async () => {
    const s = storage();
    // 19 MiB in 1 MiB chunks: two full 8 MiB parts and a last one of 3 MiB.
    const chunk = (i: number) => Buffer.alloc(1024 * 1024, i);
    const chunks = Array.from({ length: 19 }, (_, i) => chunk(i));
    const stored = await s.putStream("org/big/reports/run.csv", Readable.from(chunks), "text/csv");
    expect(stored.bytes).toBe(19 * 1024 * 1024);
    const back = await s.getStream("org/big/reports/run.csv");
    if (!back) throw new Error("not stored");
    expect(Buffer.compare(await buffer(back), Buffer.concat(chunks))).toBe(0);
    // A small one goes in one request.
    await s.putStream("org/big/reports/small.csv", Readable.from([Buffer.from("a,b\n")]), "text/csv");
    expect((await s.get("org/big/reports/small.csv"))?.toString()).toBe("a,b\n");
    expect(await s.getStream("org/big/reports/none.csv")).toBeNull();
  });

  it("stores nothing of a stream that fails part way", async () => {
    const s = storage();
    async function* failing() {
      yield Buffer.alloc(9 * 1024 * 1024, 1);
      throw new Error("the report failed");
    }
    await expect(s.putStream("org/big/reports/failed.csv", Readable.from(failing()), "text/csv")).rejects.toThrow(
      "the report failed",
    );
    expect(await s.get("org/big/reports/failed.csv")).toBeNull();
  });

  it("answers null for a key that was never stored", async () => {
    expect(await storage().get("org/none/images/missing.webp")).toBeNull();
  });

  it("fails loudly when the store refuses the credentials", async () => {
    await expect(storage("UNKNOWN-KEY").put("org/x/y.webp", Buffer.from("x"), "image/webp")).rejects.toThrow(
      /S3 put org\/x\/y.webp failed: 403/,
    );
  });
});
