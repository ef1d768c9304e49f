import { fileTypeFromBuffer } from 'file-type';
import type { Sharp, SharpOptions } from 'sharp';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export class UnsupportedImageError extends Error {}

let sharpModule: Promise<typeof import('sharp')> | undefined;

/**
 * sharp, loaded with the first image it works on: libvips adds about 10 MB to a process that
 * may never see an upload (the memory budget of issue 14, docs/decisions/001).
 */
export async function sharpOf(input: Buffer, options?: SharpOptions): Promise<Sharp> {
  sharpModule ??= import('sharp');
  const { default: sharp } = await sharpModule;
  return sharp(input, options);
}

/** An image's width and height in pixels. */
export async function imageDimensions(bytes: Buffer): Promise<{ width: number; height: number }> {
  const { width = 0, height = 0 } = await (await sharpOf(bytes)).metadata();
  return { width, height };
}

/** The image type judged by the file's bytes (magic numbers), never by its name; null when not an accepted image. */
export async function detectImageType(bytes: Uint8Array): Promise<ImageType | null> {
  const type = await fileTypeFromBuffer(bytes);
  return type && (IMAGE_TYPES as readonly string[]).includes(type.mime) ? (type.mime as ImageType) : null;
}

/**
 * Decodes and re-encodes an uploaded image as WebP within `maxSide`×`maxSide`, turned
 * upright by its EXIF orientation; sharp writes no metadata (EXIF, GPS, ICC comments) unless
 * asked, so none of the original's survives. Throws UnsupportedImageError for anything
 * that is not a decodable JPEG, PNG, GIF or WebP.
 */
export async function reencodeImage(bytes: Buffer, options: { maxSide: number }): Promise<Buffer> {
  if (!(await detectImageType(bytes))) throw new UnsupportedImageError('not a JPEG, PNG, GIF or WebP image');
  try {
    return await (await sharpOf(bytes, { failOn: 'error', limitInputPixels: 50_000_000, animated: false }))
      .rotate()
      .resize(options.maxSide, options.maxSide, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    throw new UnsupportedImageError('the image cannot be decoded', { cause: error });
  }
}
