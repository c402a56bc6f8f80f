import type { FastifyRequest } from "fastify";
import { badRequest, HttpError } from "../../lib/http-error.ts";
import { imageMessages, MAX_IMAGE_BYTES } from "../../lib/images/normalize.ts";

/** The one file of a multipart upload (field `fileField`) and its text fields. */
export async function readUpload(request: FastifyRequest, fileField: string) {
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
    throw err;
  }
  if (!file || file.length === 0) throw badRequest("Choose an image to upload", { [fileField]: ["Required"] });
  return { file, fields };
}
