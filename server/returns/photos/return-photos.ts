import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { ValidationFailedError } from '../../common/errors/domain-error';
import { checkUploadedPicture, MAX_UPLOAD_PIXELS } from '../../common/images/uploaded-picture';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

/** A shopper's photo may be this large as sent (a phone's camera photo is 2–4 MB). */
export const MAX_RETURN_PHOTO_BYTES = 5 * 1024 * 1024;
/** The longest side kept: enough for care to see a stain or a print fault. */
export const RETURN_PHOTO_PX = 1280;

/** A photo's id: 24 hexadecimal characters, random (never the content's hash: a photo of a person's door is not guessable). */
export const RETURN_PHOTO_ID = /^[0-9a-f]{24}$/;

/** The folder below the uploads folder where return photos live; app.module.ts never serves it. */
export const RETURN_PHOTOS_FOLDER = 'returns';

/**
 * The photo a shopper may attach to a return or exchange request (issue 35): checked by its bytes (JPEG, PNG or
 * WebP magic numbers, then its header read by libvips), at most 5 MB and 25 Mpx, re-encoded to WebP of at most
 * 1,280 px with every metadata block dropped (a phone photo's EXIF carries where it was taken), and stored under a
 * random id in `<uploadsDir>/returns/<orderId>/`. The uploads folder goes into backups whole; this subfolder is
 * not served to the public (only care reads a photo, through the console's API).
 */
@Injectable()
export class ReturnPhotos {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async store(orderId: string, bytes: Buffer | undefined): Promise<string> {
    const photo = (await checkUploadedPicture(bytes, MAX_RETURN_PHOTO_BYTES)).bytes;
    let output: Buffer;
    try {
      // rotate() applies the EXIF orientation before the metadata is dropped (sharp keeps none by default).
      output = await sharp(photo, { limitInputPixels: MAX_UPLOAD_PIXELS })
        .rotate()
        .resize({ width: RETURN_PHOTO_PX, height: RETURN_PHOTO_PX, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer();
    } catch {
      throw ValidationFailedError.field('image', 'picture-unreadable');
    }
    const id = randomBytes(12).toString('hex');
    const folder = this.folderOf(orderId);
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, `${id}.webp`), output);
    return id;
  }

  /** True when the order's folder holds this photo (a request may only name a photo uploaded for its order). */
  async exists(orderId: string, id: string): Promise<boolean> {
    if (!RETURN_PHOTO_ID.test(id)) return false;
    try {
      return (await stat(join(this.folderOf(orderId), `${id}.webp`))).isFile();
    } catch {
      return false;
    }
  }

  /** The photo's WebP bytes, or null when it is gone (erased, or a store restored without it). */
  async read(orderId: string, id: string): Promise<Buffer | null> {
    if (!RETURN_PHOTO_ID.test(id)) return null;
    try {
      return await readFile(join(this.folderOf(orderId), `${id}.webp`));
    } catch {
      return null;
    }
  }

  private folderOf(orderId: string): string {
    const safe = orderId.trim().toUpperCase();
    if (!/^[A-Z0-9-]{1,40}$/.test(safe)) throw ValidationFailedError.field('photo', 'return-photo-unknown');
    return join(this.config.uploadsDir, RETURN_PHOTOS_FOLDER, safe);
  }
}

