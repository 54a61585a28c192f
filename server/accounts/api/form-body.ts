import { CallHandler, ExecutionContext, Injectable, NestInterceptor, UseInterceptors } from '@nestjs/common';
import { NoFilesInterceptor } from '@nestjs/platform-express';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { PayloadTooLargeError } from '../../common/errors/domain-error';

/** The JSON and form parsers' limit (server/app.ts), held for multipart bodies too. */
export const FORM_BODY_LIMIT_BYTES = 100 * 1024;

/**
 * Refuses a body whose Content-Length is over the limit with 413, before multer reads it. Multer has no
 * limit on the whole body: multipart forms of 150 kb or 1 MB were read in full (found by the security suite).
 */
@Injectable()
export class BodySizeLimitInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const length = Number(context.switchToHttp().getRequest<Request>().headers['content-length']);
    if (Number.isFinite(length) && length > FORM_BODY_LIMIT_BYTES) throw new PayloadTooLargeError('too-large');
    return next.handle();
  }
}

/**
 * Text fields as multipart (as the storefront's forms send them) or JSON, no files, within 100 kb. A chunked
 * body has no Content-Length: multer's own limits bound it (each field 100 kb, at most 20 parts).
 */
export const FormBody = () =>
  UseInterceptors(
    BodySizeLimitInterceptor,
    NoFilesInterceptor({ limits: { fieldSize: FORM_BODY_LIMIT_BYTES, fieldNameSize: 100, fields: 20, parts: 20 } }),
  );
