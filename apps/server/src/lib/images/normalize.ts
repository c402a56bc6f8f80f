import sharp from "sharp";
import { HttpError } from "../http-error.ts";

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Decided by the bytes, never by the file name or the declared type. */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "gif", "svg", "webp"]);

export const imageMessages = {
  tooLarge: "The image is larger than 5 MB. Please choose a smaller one.",
  unsupported: "Please choose a JPEG, PNG, GIF, SVG or WebP image.",
} as const;

/**
 * Re-encodes an upload as WebP, at most `maxSide` pixels on its longer side, orientation applied and
 * metadata stripped. An SVG is rasterized here, so no script or external reference ever reaches a browser.
 */
export async function normalizeImage(input: Buffer, maxSide: number) {
  if (input.length > MAX_IMAGE_BYTES) throw new HttpError(413, "PAYLOAD_TOO_LARGE", imageMessages.tooLarge);
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: 40_000_000 }).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED_FORMATS.has(format))
    throw new HttpError(415, "UNSUPPORTED_MEDIA_TYPE", imageMessages.unsupported);
  try {
    const { data, info } = await sharp(input, {
      density: format === "svg" ? 144 : undefined,
      limitInputPixels: 40_000_000,
    })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, contentType: "image/webp" as const };
  } catch {
    throw new HttpError(415, "UNSUPPORTED_MEDIA_TYPE", imageMessages.unsupported);
  }
}
