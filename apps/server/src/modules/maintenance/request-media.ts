import {
  MAX_REQUEST_PHOTO_BYTES,
  MAX_REQUEST_PHOTO_SIDE,
  MAX_REQUEST_VIDEO_BYTES,
  maintenancePhotoMessages,
  REQUEST_THUMBNAIL_SIDE,
} from "@keyholder/contracts/maintenance-photos";
import type { FastifyRequest } from "fastify";
import { badRequest, HttpError } from "../../lib/http-error.ts";
import type { ImageJobs } from "../../lib/images/image-jobs.ts";
import type { NormalizedImage } from "../../lib/images/normalize.ts";

export type VideoType = "video/mp4" | "video/webm" | "video/quicktime";

/** What was uploaded, checked: an image re-encoded (with its thumbnail), or a video as it came. */
export type RequestMedia =
  | { kind: "image"; image: NormalizedImage; thumbnail: NormalizedImage }
  | { kind: "video"; data: Buffer; contentType: VideoType };

/** ISO base media brands of MP4 video (HEIC and AVIF images also start with `ftyp`, with brands of their own). */
const MP4_BRANDS = new Set([
  "isom",
  "iso2",
  "iso3",
  "iso4",
  "iso5",
  "iso6",
  "mp41",
  "mp42",
  "avc1",
  "M4V ",
  "M4VP",
  "mmp4",
  "dash",
  "3gp4",
  "3gp5",
  "3gp6",
  "3g2a",
  "MSNV",
]);

/**
 * The video type of `bytes` by their first bytes (never the name or the declared type), or null:
 * an MP4 or QuickTime `ftyp` box with a video brand, or an EBML header whose document type is `webm`.
 */
export function videoTypeOf(bytes: Buffer): VideoType | null {
  if (bytes.length >= 12 && bytes.subarray(4, 8).toString("latin1") === "ftyp") {
    const brand = bytes.subarray(8, 12).toString("latin1");
    if (brand === "qt  ") return "video/quicktime";
    if (MP4_BRANDS.has(brand)) return "video/mp4";
    return null;
  }
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) {
    return bytes.subarray(0, 64).includes("webm", 0, "latin1") ? "video/webm" : null;
  }
  return null;
}

const FILE_FIELD = "file";

/**
 * The one file of a request's upload (multipart field `file`, at most the video limit) and its text
 * fields. A video must be at most MAX_REQUEST_VIDEO_BYTES, anything else MAX_REQUEST_PHOTO_BYTES
 * (413 saying which); whether an image is one is for the image worker to say.
 */
export async function readRequestUpload(request: FastifyRequest) {
  const required = () =>
    badRequest(maintenancePhotoMessages.fileRequired, { file: [maintenancePhotoMessages.fileRequired] });
  if (!request.isMultipart()) throw required();
  let file: Buffer | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_REQUEST_VIDEO_BYTES, files: 1, fields: 10 } })) {
      if (part.type === "file") {
        if (part.fieldname === FILE_FIELD) file = await part.toBuffer();
        else await part.toBuffer();
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw new HttpError(413, "PAYLOAD_TOO_LARGE", maintenancePhotoMessages.videoTooLarge, {
        file: [maintenancePhotoMessages.videoTooLarge],
      });
    }
    throw badRequest("The upload did not arrive whole. Please try again.", {
      file: ["The upload did not arrive whole. Please try again."],
    });
  }
  if (!file || file.length === 0) throw required();
  const video = videoTypeOf(file);
  if (!video && file.length > MAX_REQUEST_PHOTO_BYTES) {
    throw new HttpError(413, "PAYLOAD_TOO_LARGE", maintenancePhotoMessages.photoTooLarge, {
      file: [maintenancePhotoMessages.photoTooLarge],
    });
  }
  return { file, video, fields };
}

/**
 * What an upload becomes before it is stored (one path for staff, residents and vendors): a video as
 * sent, an image re-encoded at most MAX_REQUEST_PHOTO_SIDE with its thumbnail; a file that is no
 * image the worker can read is 415 under `file`.
 */
export async function mediaOf(imageJobs: ImageJobs, file: Buffer, video: VideoType | null): Promise<RequestMedia> {
  if (video) return { kind: "video", data: file, contentType: video };
  try {
    const image = await imageJobs.normalize(file, MAX_REQUEST_PHOTO_SIDE);
    const thumbnail = await imageJobs.normalize(image.data, REQUEST_THUMBNAIL_SIDE);
    return { kind: "image", image, thumbnail };
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 415) {
      throw new HttpError(415, err.code, maintenancePhotoMessages.unsupported, {
        file: [maintenancePhotoMessages.unsupported],
      });
    }
    throw err;
  }
}
