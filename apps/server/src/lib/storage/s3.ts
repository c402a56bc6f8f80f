import { Readable } from "node:stream";
import { AwsClient } from "aws4fetch";
import type { Storage } from "./storage.ts";

/** A multipart upload's part: S3 takes at least 5 MiB for every part but the last. */
const PART_BYTES = 8 * 1024 * 1024;

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
  const put = async (key: string, body: Buffer, contentType: string) => {
    const res = await client.fetch(url(key), {
      method: "PUT",
      body: new Uint8Array(body),
      headers: { "content-type": contentType },
    });
    if (!res.ok) throw new Error(`S3 put ${key} failed: ${res.status}`);
  };
  return {
    put,
    async putStream(key, body, contentType) {
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      let bytes = 0;
      let uploadId: string | null = null;
      const parts: string[] = [];
      const target = url(key);
      const sendPart = async (chunk: Buffer) => {
        if (uploadId === null) {
          const res = await client.fetch(`${target}?uploads`, {
            method: "POST",
            headers: { "content-type": contentType },
          });
          if (!res.ok) throw new Error(`S3 multipart start ${key} failed: ${res.status}`);
          uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(await res.text())?.[1] ?? null;
          if (!uploadId) throw new Error(`S3 multipart start ${key} gave no upload id`);
        }
        const number = parts.length + 1;
        const res = await client.fetch(`${target}?partNumber=${number}&uploadId=${encodeURIComponent(uploadId)}`, {
          method: "PUT",
          body: new Uint8Array(chunk),
        });
        if (!res.ok) throw new Error(`S3 part ${number} of ${key} failed: ${res.status}`);
        parts.push(res.headers.get("etag") ?? "");
      };
      try {
        for await (const chunk of body) {
          const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
          pending.push(buffer);
          pendingBytes += buffer.length;
          bytes += buffer.length;
          if (pendingBytes >= PART_BYTES) {
            await sendPart(Buffer.concat(pending));
            [pending, pendingBytes] = [[], 0];
          }
        }
        // Small enough for one request: no multipart upload at all.
        if (uploadId === null) {
          await put(key, Buffer.concat(pending), contentType);
          return { bytes };
        }
        if (pendingBytes > 0) await sendPart(Buffer.concat(pending));
        const done = await client.fetch(`${target}?uploadId=${encodeURIComponent(uploadId)}`, {
          method: "POST",
          headers: { "content-type": "application/xml" },
          body: `<CompleteMultipartUpload>${parts
            .map((etag, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${etag}</ETag></Part>`)
            .join("")}</CompleteMultipartUpload>`,
        });
        // S3 may answer 200 with an error in the body.
        if (!done.ok || (await done.text()).includes("<Error>")) {
          throw new Error(`S3 multipart completion of ${key} failed: ${done.status}`);
        }
        return { bytes };
      } catch (err) {
        if (uploadId !== null) {
          await client
            .fetch(`${target}?uploadId=${encodeURIComponent(uploadId)}`, { method: "DELETE" })
            .catch(() => undefined);
        }
        throw err;
      }
    },
    async getStream(key) {
      const res = await client.fetch(url(key));
      if (res.status === 404) return null;
      if (!res.ok || !res.body) throw new Error(`S3 get ${key} failed: ${res.status}`);
      return Readable.fromWeb(res.body as import("node:stream/web").ReadableStream);
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
