import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { ValidationFailedError } from '../../common/errors/domain-error';
import { checkUploadedPicture, MAX_UPLOAD_PIXELS } from '../../common/images/uploaded-picture';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { ProductImage } from '../domain/catalog.events';

export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;

/** The sizes the storefront shows: gallery thumbnails and the cart, product grid cards, the product page's zoom. */
export const PICTURE_SIZES = { thumb: 160, card: 480, zoom: 1200 } as const;

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
    // Format and size are read from the header, without decoding a pixel.
    const picture = (await checkUploadedPicture(bytes, MAX_PICTURE_BYTES)).bytes;

    const folder = join(this.config.uploadsDir, 'products');
    await mkdir(folder, { recursive: true });
    const hash = createHash('sha256').update(picture).digest('hex').slice(0, 20);
    const urls: Record<string, string> = {};
    for (const [size, width] of Object.entries(PICTURE_SIZES)) {
      let output: Buffer;
      try {
        // rotate() applies the EXIF orientation before the metadata is dropped (sharp keeps none by default).
        output = await sharp(picture, { limitInputPixels: MAX_UPLOAD_PIXELS })
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



const PLACEHOLDER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 480"><rect width="480" height="480" fill="#f1f1f1"/><path d="M170 110l-80 40 30 70 40-15v165h160V205l40 15 30-70-80-40c-10 25-35 40-70 40s-60-15-70-40z" fill="#d6d6d6"/></svg>`;
