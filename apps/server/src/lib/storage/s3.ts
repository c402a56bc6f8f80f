import { AwsClient } from "aws4fetch";
import type { Storage } from "./storage.ts";

export interface S3Options {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Any S3-compatible object store (AWS S3, MinIO, R2...), path-style, signed with SigV4. */
export function s3Storage(o: S3Options): Storage {
  const client = new AwsClient({
    accessKeyId: o.accessKeyId,
    secretAccessKey: o.secretAccessKey,
    region: o.region,
    service: "s3",
  });
  const url = (key: string) =>
    `${o.endpoint.replace(/\/$/, "")}/${encodeURIComponent(o.bucket)}/${key.split("/").map(encodeURIComponent).join("/")}`;
  return {
    async put(key, body, contentType) {
      const res = await client.fetch(url(key), {
        method: "PUT",
        body: new Uint8Array(body),
        headers: { "content-type": contentType },
      });
      if (!res.ok) throw new Error(`S3 put ${key} failed: ${res.status}`);
    },
    async get(key) {
      const res = await client.fetch(url(key));
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`S3 get ${key} failed: ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    },
    async delete(key) {
      const res = await client.fetch(url(key), { method: "DELETE" });
      if (!res.ok && res.status !== 404) throw new Error(`S3 delete ${key} failed: ${res.status}`);
    },
  };
}
