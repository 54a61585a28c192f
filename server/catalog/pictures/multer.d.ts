/** The part of multer (a dependency of @nestjs/platform-express, which ships no types for it) used here. */
declare module 'multer' {
  import type { Request, RequestHandler } from 'express';
  interface MulterInstance {
    single(field: string): RequestHandler;
  }
  interface Multer {
    (options: { storage: unknown; limits?: Record<string, number> }): MulterInstance;
    memoryStorage(): unknown;
    MulterError: new (...args: unknown[]) => Error & { code: string };
  }
  const multer: Multer;
  export default multer;
  export type { Request };
}
