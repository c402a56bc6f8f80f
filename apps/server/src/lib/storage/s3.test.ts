import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
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

  it("answers null for a key that was never stored", async () => {
    expect(await storage().get("org/none/images/missing.webp")).toBeNull();
  });

  it("fails loudly when the store refuses the credentials", async () => {
    await expect(storage("UNKNOWN-KEY").put("org/x/y.webp", Buffer.from("x"), "image/webp")).rejects.toThrow(
      /S3 put org\/x\/y.webp failed: 403/,
    );
  });
});
