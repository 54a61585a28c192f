import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { from, type Observable, switchMap } from 'rxjs';
import { pictureUploadReader, readPictureUpload } from '../../common/images/picture-upload';
import { MAX_RETURN_PHOTO_BYTES } from './return-photos';

const reader = pictureUploadReader({ maxBytes: MAX_RETURN_PHOTO_BYTES, fields: 3, fieldSize: 200 });

/** Reads a shopper's photo: one multipart file field `image` (and the `phone` field) into memory, at most 5 MB (readPictureUpload). */
@Injectable()
export class ReturnPhotoUploadInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const parsed = readPictureUpload(reader, http.getRequest<Request>(), http.getResponse<Response>());
    return from(parsed).pipe(switchMap(() => next.handle()));
  }
}
