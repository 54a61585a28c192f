import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { ValidationFailedError } from '../../common/errors/domain-error';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { ProductImage } from '../domain/catalog.events';

export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
/**
 * Pixels a picture may have (issue 27: a 155 KB PNG of 6,320 × 6,320, just under the old 40 Mpx, took 3.4 s
 * of a core to decode). 25 Mpx is a 6,000 × 4,000 camera photo, far more than the 1,200 px the shop shows; it
 * is checked from the picture's header, before anything is decoded.
 */
export const MAX_PICTURE_MEGAPIXELS = 25;
const MAX_PICTURE_PIXELS = MAX_PICTURE_MEGAPIXELS * 1_000_000;

/** The sizes the storefront shows: gallery thumbnails and the cart, product grid cards, the product page's zoom. */
export const PICTURE_SIZES = { thumb: 160, card: 480, zoom: 1200 } as const;

type PictureFormat = 'jpeg' | 'png' | 'webp';

/** Hashed names never change content, so browsers may keep them for a year (see app.module.ts). */
export const HASHED_PICTURE = /^[0-9a-f]{20}-(thumb|card|zoom)\.webp$/;

/**
 * Product pictures: checked by their bytes (magic numbers, then decoded by libvips), never by file name or
 * the type the browser claims; re-encoded to WebP in three sizes with every metadata block (EXIF, GPS, XMP,
 * ICC comments) dropped; stored under content-hashed names in `<uploadsDir>/products/`.
 */
@Injectable()
export class ProductPictures implements OnModuleInit {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async onModuleInit(): Promise<void> {
    // The picture a product shows until it has one of its own.
    const folder = join(this.config.uploadsDir, 'products');
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'placeholder.svg'), PLACEHOLDER_SVG);
  }

  async store(bytes: Buffer | undefined): Promise<ProductImage> {
    if (!bytes || bytes.length === 0) throw ValidationFailedError.field('image', 'picture-required');
    if (bytes.length > MAX_PICTURE_BYTES) throw tooLarge();
    const claimed = sniffFormat(bytes);
    if (!claimed) throw ValidationFailedError.field('image', 'picture-not-image');
    // The header only: format and size are read without decoding a pixel.
    let header: { format?: string; width?: number; height?: number };
    try {
      header = await sharp(bytes).metadata();
    } catch {
      throw ValidationFailedError.field('image', 'picture-unreadable');
    }
    if (header.format !== claimed) throw ValidationFailedError.field('image', 'picture-not-image');
    const { width = 0, height = 0 } = header;
    if (width * height > MAX_PICTURE_PIXELS) {
      throw ValidationFailedError.field('image', 'picture-too-many-pixels', { max: MAX_PICTURE_MEGAPIXELS, width, height });
    }

    const folder = join(this.config.uploadsDir, 'products');
    await mkdir(folder, { recursive: true });
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 20);
    const urls: Record<string, string> = {};
    for (const [size, width] of Object.entries(PICTURE_SIZES)) {
      let output: Buffer;
      try {
        // rotate() applies the EXIF orientation before the metadata is dropped (sharp keeps none by default).
        output = await sharp(bytes, { limitInputPixels: MAX_PICTURE_PIXELS })
          .rotate()
          .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer();
      } catch {
        throw ValidationFailedError.field('image', 'picture-unreadable');
      }
      const name = `${hash}-${size}.webp`;
      await writeFile(join(folder, name), output);
      urls[size] = `/uploads/products/${name}`;
    }
    return { img: urls.zoom, thumb: urls.thumb, card: urls.card };
  }
}

export function tooLarge(): ValidationFailedError {
  return ValidationFailedError.field('image', 'picture-too-large');
}

/** The format the first bytes announce, or null: JPEG FF D8 FF, PNG's 8-byte signature, RIFF....WEBP. */
export function sniffFormat(bytes: Buffer): PictureFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

const PLACEHOLDER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 480"><rect width="480" height="480" fill="#f1f1f1"/><path d="M170 110l-80 40 30 70 40-15v165h160V205l40 15 30-70-80-40c-10 25-35 40-70 40s-60-15-70-40z" fill="#d6d6d6"/></svg>`;
