import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer from 'multer';
import { from, type Observable, switchMap } from 'rxjs';
import { ValidationFailedError } from '../../common/errors/domain-error';
import { MAX_PICTURE_BYTES, tooLarge } from './product-pictures';

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_PICTURE_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 10_000 },
}).single('image');

/**
 * Reads one multipart file field `image` into memory, at most 5 MB: a larger body is refused from its
 * Content-Length before it is read, or by multer's limit while streaming, as a 422 naming the limit.
 */
@Injectable()
export class PictureUploadInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const length = Number(request.headers['content-length']);
    // The multipart envelope adds a few hundred bytes to the file.
    if (Number.isFinite(length) && length > MAX_PICTURE_BYTES + 64 * 1024) throw tooLarge();
    if (!request.is('multipart/form-data')) {
      throw ValidationFailedError.field('image', 'upload-not-multipart');
    }
    const parsed = new Promise<void>((resolve, reject) =>
      upload(request, http.getResponse<Response>(), (error: unknown) => {
        if (!error) return resolve();
        if (error instanceof multer.MulterError) {
          if (error.code === 'LIMIT_FILE_SIZE') return reject(tooLarge());
          if (error.code === 'LIMIT_UNEXPECTED_FILE') return reject(ValidationFailedError.field('image', 'upload-one-picture'));
          return reject(ValidationFailedError.field('image', 'upload-unreadable'));
        }
        reject(ValidationFailedError.field('image', 'upload-unreadable'));
      }),
    );
    return from(parsed).pipe(switchMap(() => next.handle()));
  }
}
