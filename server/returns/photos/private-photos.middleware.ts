import { posix } from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import { RETURN_PHOTOS_FOLDER } from './return-photos';

/**
 * Shoppers' return photos live under the uploads folder (so backups carry them) but are never served from it:
 * any spelling of `/uploads/returns/...` (case, percent-encoding, dot segments, backslashes) is answered 404 as a
 * missing file is, before the static files are looked at. Care reads a photo through the console's API.
 */
export function privateReturnPhotos() {
  const folder = `/uploads/${RETURN_PHOTOS_FOLDER}`;
  return (request: Request, response: Response, next: NextFunction): void => {
    if (!isPrivateUpload(request.path, folder)) return next();
    response.status(404).json({ message: `Cannot ${request.method} ${request.path}`, error: 'Not Found', statusCode: 404 });
  };
}

export function isPrivateUpload(path: string, folder = `/uploads/${RETURN_PHOTOS_FOLDER}`): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    decoded = path;
  }
  const normal = posix.normalize(decoded.replace(/\\/g, '/')).replace(/\/+/g, '/').toLowerCase();
  return normal === folder || normal.startsWith(`${folder}/`);
}
