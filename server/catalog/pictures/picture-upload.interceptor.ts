import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { from, type Observable, switchMap } from 'rxjs';
import { pictureUploadReader, readPictureUpload } from '../../common/images/picture-upload';
import { MAX_PICTURE_BYTES } from './product-pictures';

const reader = pictureUploadReader({ maxBytes: MAX_PICTURE_BYTES, fields: 5, fieldSize: 10_000 });

/** Reads a product picture: one multipart file field `image` into memory, at most 5 MB (readPictureUpload). */
@Injectable()
export class PictureUploadInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const parsed = readPictureUpload(reader, http.getRequest<Request>(), http.getResponse<Response>());
    return from(parsed).pipe(switchMap(() => next.handle()));
  }
}
