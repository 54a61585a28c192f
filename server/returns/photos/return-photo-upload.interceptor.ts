import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer from 'multer';
import { from, type Observable, switchMap } from 'rxjs';
import { ValidationFailedError } from '../../common/errors/domain-error';
import { MAX_RETURN_PHOTO_BYTES } from './return-photos';

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_RETURN_PHOTO_BYTES, files: 1, fields: 3, parts: 4, fieldSize: 200 },
}).single('image');

/**
 * Reads a shopper's photo: one multipart file field `image` (and the `phone` field) into memory, at most 5 MB. A
 * larger body is refused from its Content-Length before it is read, or by multer's limit while streaming.
 */
@Injectable()
export class ReturnPhotoUploadInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const length = Number(request.headers['content-length']);
    if (Number.isFinite(length) && length > MAX_RETURN_PHOTO_BYTES + 64 * 1024) throw ValidationFailedError.field('image', 'picture-too-large');
    if (!request.is('multipart/form-data')) throw ValidationFailedError.field('image', 'upload-not-multipart');
    const parsed = new Promise<void>((resolve, reject) =>
      upload(request, http.getResponse<Response>(), (error: unknown) => {
        if (!error) return resolve();
        if (error instanceof multer.MulterError) {
          if (error.code === 'LIMIT_FILE_SIZE') return reject(ValidationFailedError.field('image', 'picture-too-large'));
          if (error.code === 'LIMIT_UNEXPECTED_FILE') return reject(ValidationFailedError.field('image', 'upload-one-picture'));
        }
        reject(ValidationFailedError.field('image', 'upload-unreadable'));
      }),
    );
    return from(parsed).pipe(switchMap(() => next.handle()));
  }
}
