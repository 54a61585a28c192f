import type { Request, Response } from 'express';
import multer from 'multer';
import { ValidationFailedError } from '../errors/domain-error';
import { pictureTooLarge } from './uploaded-picture';

/** The multipart fields a picture upload may carry beside its one file field `image`. */
export interface PictureUploadLimits {
  /** The file's size limit, in bytes. */
  maxBytes: number;
  /** Text fields the form may send beside the file, and the length of each. */
  fields: number;
  fieldSize: number;
}

/** A multer reader of one picture into memory, made once per route with its limits. */
export type PictureUploadReader = ReturnType<typeof pictureUploadReader>;

export function pictureUploadReader(limits: PictureUploadLimits) {
  const read = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: limits.maxBytes, files: 1, fields: limits.fields, parts: limits.fields + 1, fieldSize: limits.fieldSize },
  }).single('image');
  return { maxBytes: limits.maxBytes, read };
}

/**
 * Reads one multipart file field `image` (and the form's few text fields) into memory, for a product picture or a
 * return photo: a body larger than the file's limit is refused from its Content-Length before it is read (the
 * multipart envelope adds a few hundred bytes), or by multer's limit while streaming, as the `picture-*` and
 * `upload-*` validation errors.
 */
export function readPictureUpload(reader: PictureUploadReader, request: Request, response: Response): Promise<void> {
  const length = Number(request.headers['content-length']);
  if (Number.isFinite(length) && length > reader.maxBytes + 64 * 1024) throw pictureTooLarge();
  if (!request.is('multipart/form-data')) throw ValidationFailedError.field('image', 'upload-not-multipart');
  return new Promise<void>((resolve, reject) =>
    reader.read(request, response, (error: unknown) => {
      if (!error) return resolve();
      if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') return reject(pictureTooLarge());
      if (error instanceof multer.MulterError && error.code === 'LIMIT_UNEXPECTED_FILE') return reject(ValidationFailedError.field('image', 'upload-one-picture'));
      reject(ValidationFailedError.field('image', 'upload-unreadable'));
    }),
  );
}
