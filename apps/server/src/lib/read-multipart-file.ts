import type { FastifyRequest } from "fastify";
import { badRequest, HttpError } from "./http-error.ts";

export interface MultipartFileMessages {
  required: string;
  tooLarge: string;
  incomplete: string;
}

/**
 * The one file (field `file`) of a multipart form and its text fields, at most `maxBytes`: a form
 * without it is a 400, a larger file a 413 and a cut-off upload a 400, each on `file`.
 */
export async function readMultipartFile(
  request: FastifyRequest,
  maxBytes: number,
  messages: MultipartFileMessages,
): Promise<{ bytes: Buffer; name: string; fields: Record<string, string> }> {
  const required = () => badRequest(messages.required, { file: [messages.required] });
  if (!request.isMultipart()) throw required();
  let file: { bytes: Buffer; name: string } | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 20 } })) {
      if (part.type === "file") {
        const bytes = await part.toBuffer();
        if (part.fieldname === "file") file = { bytes, name: part.filename };
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw new HttpError(413, "PAYLOAD_TOO_LARGE", messages.tooLarge, { file: [messages.tooLarge] });
    }
    throw badRequest(messages.incomplete, { file: [messages.incomplete] });
  }
  if (!file || file.bytes.length === 0) throw required();
  return { ...file, fields };
}
