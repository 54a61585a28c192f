import { existsSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import { isClientRoute } from '../../../contracts/client-routes';
import { isStoreFile } from './store-files';

/** Paths of the API and the pictures, tested on the raw URL (query included): every API call passes here. */
const API_OR_UPLOADS = /^\/(api|uploads)(\/|$|\?)/i;

/**
 * The storefront's "any other path" (spec §2) answered as what it is: HTTP 404 with the client's index.html,
 * which renders the 404 page. Pages the client knows, files of the built client, the store's files at the root
 * (sitemap, robots.txt, feeds) and everything under /api and /uploads pass on to their handlers (the API's own 404s stay JSON).
 */
export function unknownPageAs404(clientDir: string) {
  const indexFile = join(clientDir, 'index.html');
  return (request: Request, response: Response, next: NextFunction): void => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || API_OR_UPLOADS.test(request.url)) return next();
    const path = request.path;
    if (isClientRoute(path) || isStoreFile(path) || isClientFile(clientDir, path) || !existsSync(indexFile)) return next();
    response.status(404).setHeader('Cache-Control', 'no-cache');
    response.sendFile(indexFile);
  };
}

function isClientFile(clientDir: string, path: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  const file = normalize(join(clientDir, decoded));
  if (!file.startsWith(normalize(clientDir) + sep)) return false;
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
