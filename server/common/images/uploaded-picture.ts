import sharp from 'sharp';
import { ValidationFailedError } from '../errors/domain-error';

/** The formats the store takes from an upload: what phones and cameras write. */
export type PictureFormat = 'jpeg' | 'png' | 'webp';

/**
 * Pixels an uploaded picture may have (issue 27: a 155 KB PNG of 6,320 × 6,320 took 3.4 s of a core to decode).
 * 25 Mpx is a 6,000 × 4,000 camera photo; it is checked from the header, before anything is decoded.
 */
export const MAX_UPLOAD_MEGAPIXELS = 25;
export const MAX_UPLOAD_PIXELS = MAX_UPLOAD_MEGAPIXELS * 1_000_000;

/** An upload that passed `checkUploadedPicture`: its format and size, read from its header. */
export interface CheckedPicture {
  bytes: Buffer;
  format: PictureFormat;
  width: number;
  height: number;
}

/** The `picture-too-large` refusal (also answered by the upload interceptors before the body is read). */
export function pictureTooLarge(): ValidationFailedError {
  return ValidationFailedError.field('image', 'picture-too-large');
}

/**
 * An uploaded picture (a product's, a return's photo) checked before a pixel is decoded: present, at most
 * `maxBytes`, a JPEG, PNG or WebP by its first bytes and by the header libvips reads (the two must agree), and at
 * most 25 Mpx. Each refusal is a `picture-*` validation error the API answers in the shopper's language.
 */
export async function checkUploadedPicture(bytes: Buffer | undefined, maxBytes: number): Promise<CheckedPicture> {
  if (!bytes || bytes.length === 0) throw ValidationFailedError.field('image', 'picture-required');
  if (bytes.length > maxBytes) throw pictureTooLarge();
  const claimed = sniffPictureFormat(bytes);
  if (!claimed) throw ValidationFailedError.field('image', 'picture-not-image');
  let header: { format?: string; width?: number; height?: number };
  try {
    header = await sharp(bytes).metadata();
  } catch {
    throw ValidationFailedError.field('image', 'picture-unreadable');
  }
  if (header.format !== claimed) throw ValidationFailedError.field('image', 'picture-not-image');
  const { width = 0, height = 0 } = header;
  if (width * height > MAX_UPLOAD_PIXELS) {
    throw ValidationFailedError.field('image', 'picture-too-many-pixels', { max: MAX_UPLOAD_MEGAPIXELS, width, height });
  }
  return { bytes, format: claimed, width, height };
}

/** The format the first bytes announce, or null: JPEG FF D8 FF, PNG's 8-byte signature, RIFF....WEBP. */
export function sniffPictureFormat(bytes: Buffer): PictureFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}
