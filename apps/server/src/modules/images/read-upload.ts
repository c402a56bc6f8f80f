import { imageMessages, MAX_IMAGE_BYTES } from "@keyholder/contracts/images";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { badRequest, HttpError } from "../../lib/http-error.ts";
import type { RateLimiter } from "../../lib/rate-limit.ts";
import { type ImageKind, MAX_SIDE } from "./store-image.ts";

/**
 * The one image of a multipart upload (field `fileField`), normalized, and its text fields. Each
 * user has an upload allowance (`perUser`), since every upload costs image work.
 */
export async function readImageUpload(
  app: FastifyInstance,
  request: FastifyRequest,
  o: { fileField: string; kind: ImageKind; perUser: RateLimiter },
) {
  const check = await o.perUser.allow(`${request.auth?.orgId} ${request.auth?.userId}`);
  if (!check.allowed) {
    throw new HttpError(429, "RATE_LIMITED", imageMessages.tooMany, undefined, undefined, {
      "retry-after": String(check.retryAfterSeconds),
    });
  }
  const { file, fields } = await readUpload(request, o.fileField);
  const image = await app.imageJobs.normalize(file, MAX_SIDE[o.kind]);
  return { image, fields };
}

async function readUpload(request: FastifyRequest, fileField: string) {
  if (!request.isMultipart()) throw badRequest("Send the image as multipart/form-data", { [fileField]: ["Required"] });
  let file: Buffer | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10 } })) {
      if (part.type === "file") {
        if (part.fieldname === fileField) file = await part.toBuffer();
        else await part.toBuffer();
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw new HttpError(413, "PAYLOAD_TOO_LARGE", imageMessages.tooLarge);
    }
    // Whatever else the multipart parser met (a body cut short, a malformed part) is the client's.
    throw badRequest(imageMessages.incomplete, { [fileField]: [imageMessages.incomplete] });
  }
  if (!file || file.length === 0) throw badRequest("Choose an image to upload", { [fileField]: ["Required"] });
  return { file, fields };
}
