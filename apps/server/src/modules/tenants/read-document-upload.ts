import {
  MAX_TENANT_DOCUMENT_BYTES,
  type TenantDocumentType,
  tenantDocumentMessages,
} from "@keyholder/contracts/tenants";
import type { FastifyRequest } from "fastify";
import { HttpError } from "../../lib/http-error.ts";
import type { RateLimiter } from "../../lib/rate-limit.ts";
import { readMultipartFile } from "../../lib/read-multipart-file.ts";
import { safeFileName } from "../../lib/safe-file-name.ts";

/**
 * What a file is, from its first bytes, never from the name or the type the browser sent: a PDF,
 * JPEG, PNG or WebP, or null for anything else (an HTML page renamed .pdf is refused).
 */
export function sniffDocumentType(bytes: Buffer): TenantDocumentType | null {
  const starts = (...b: number[]) => b.every((v, i) => bytes[i] === v);
  if (bytes.subarray(0, 5).toString("latin1") === "%PDF-") return "application/pdf";
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (bytes.subarray(0, 4).toString("latin1") === "RIFF" && bytes.subarray(8, 12).toString("latin1") === "WEBP") {
    return "image/webp";
  }
  return null;
}

/** A file name safe to keep, else one named for its type. */
export function cleanFileName(name: string, type: TenantDocumentType) {
  return safeFileName(name, `document.${type === "application/pdf" ? "pdf" : type.split("/")[1]}`);
}

/**
 * The one file of a multipart document upload (field `file`), checked by content and size, and its
 * text fields. Each user has an upload allowance (`perUser`).
 */
export async function readDocumentUpload(request: FastifyRequest, perUser: RateLimiter) {
  const check = await perUser.allow(`${request.auth?.orgId} ${request.auth?.userId}`);
  if (!check.allowed) {
    throw new HttpError(429, "RATE_LIMITED", tenantDocumentMessages.rateLimited, undefined, undefined, {
      "retry-after": String(check.retryAfterSeconds),
    });
  }
  const file = await readMultipartFile(request, MAX_TENANT_DOCUMENT_BYTES, {
    required: tenantDocumentMessages.fileRequired,
    tooLarge: tenantDocumentMessages.tooLarge,
    incomplete: tenantDocumentMessages.incomplete,
  });
  const type = sniffDocumentType(file.bytes);
  if (!type) {
    throw new HttpError(415, "UNSUPPORTED_MEDIA_TYPE", tenantDocumentMessages.unsupported, {
      file: [tenantDocumentMessages.unsupported],
    });
  }
  return { bytes: file.bytes, type, fileName: cleanFileName(file.name, type), fields: file.fields };
}
