import { Controller, Get, Query as QueryString, Res } from '@nestjs/common';
import type { Response } from 'express';
import { StoreFiles, type StoreFile } from '../sharing/store-files';

/** Crawlers and Meta's fetcher ask again often; an ETag turns an unchanged file into a 304. */
const REVALIDATE = 'public, max-age=0, must-revalidate';

/**
 * The files the store serves at its root (issue 33), outside /api (server/common/http/store-files.ts): the
 * sitemap and robots.txt for search engines, and the Facebook / Instagram catalogue feed in Meta's CSV and
 * RSS XML forms, which Commerce Manager fetches on a schedule (docs/facebook-catalogue.md).
 */
@Controller()
export class StoreFilesController {
  constructor(private readonly files: StoreFiles) {}

  @Get('robots.txt')
  async robots(@Res() response: Response): Promise<void> {
    send(response, await this.files.robots(), 'text/plain; charset=utf-8', REVALIDATE);
  }

  @Get('sitemap.xml')
  async sitemap(@Res() response: Response): Promise<void> {
    send(response, await this.files.sitemap(), 'application/xml; charset=utf-8', REVALIDATE);
  }

  @Get('feeds/facebook.csv')
  async facebookCsv(@QueryString('token') token: unknown, @Res() response: Response): Promise<void> {
    this.files.checkFeedToken(token);
    send(response, await this.files.feed('csv'), 'text/csv; charset=utf-8', this.feedCaching(token));
  }

  @Get('feeds/facebook.xml')
  async facebookXml(@QueryString('token') token: unknown, @Res() response: Response): Promise<void> {
    this.files.checkFeedToken(token);
    send(response, await this.files.feed('xml'), 'application/xml; charset=utf-8', this.feedCaching(token));
  }

  /** A feed opened by a token is kept by no shared cache. */
  private feedCaching(token: unknown): string {
    return typeof token === 'string' && token !== '' ? 'private, max-age=0, must-revalidate' : REVALIDATE;
  }
}

function send(response: Response, file: StoreFile, type: string, cacheControl: string): void {
  response.setHeader('Content-Type', type);
  response.setHeader('Cache-Control', cacheControl);
  response.setHeader('ETag', file.etag);
  // Express answers 304 itself when the request's If-None-Match names this ETag.
  response.send(file.body);
}
