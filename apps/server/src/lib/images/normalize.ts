import sharp, { type Metadata } from "sharp";

/** Decided by the bytes, never by the file name or the declared type. */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "gif", "svg", "webp"]);
/** Decoded size limit: a small file must not unpack into gigabytes of pixels. */
const MAX_INPUT_PIXELS = 40_000_000;
/** SVG density (dpi) at its natural size; the default 72 makes small icons blurry. */
const SVG_MAX_DENSITY = 144;

export interface NormalizedImage {
  data: Buffer;
  width: number;
  height: number;
  contentType: "image/webp";
}

/** Why an upload was refused by the bytes themselves. */
export class ImageRejected extends Error {
  constructor(readonly reason: "unsupported") {
    super(reason);
  }
}

/**
 * Re-encodes an upload as WebP, at most `maxSide` pixels on its longer side, orientation applied and
 * metadata stripped. An SVG is rasterized here, so no script or external reference ever reaches a
 * browser; it is drawn at no more than twice the size it ends at, since its filters cost CPU in
 * proportion to the pixels drawn. Runs in the image worker process (image-jobs.ts), never in the
 * server's own.
 */
export async function normalizeImage(input: Buffer, maxSide: number): Promise<NormalizedImage> {
  let meta: Metadata | undefined;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    meta = undefined;
  }
  if (!meta?.format || !ACCEPTED_FORMATS.has(meta.format)) throw new ImageRejected("unsupported");
  const density =
    meta.format === "svg"
      ? Math.max(1, Math.min(SVG_MAX_DENSITY, (72 * 2 * maxSide) / Math.max(meta.width ?? 1, meta.height ?? 1, 1)))
      : undefined;
  try {
    const { data, info } = await sharp(input, { density, limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, contentType: "image/webp" };
  } catch {
    throw new ImageRejected("unsupported");
  }
}
