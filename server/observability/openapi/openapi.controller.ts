import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { NotFoundError } from '../../common/errors/domain-error';
import { PROJECT_ROOT } from '../../config/app-config';
import { buildOpenApiDocument } from './openapi-document';

const SWAGGER_UI = dirname(require.resolve('swagger-ui-dist/package.json'));

/** Swagger UI's files, served from the npm package on this machine (no CDN); nothing else is reachable. */
const ASSETS: Record<string, { file: string; type: string }> = {
  'swagger-ui.css': { file: join(SWAGGER_UI, 'swagger-ui.css'), type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { file: join(SWAGGER_UI, 'swagger-ui-bundle.js'), type: 'text/javascript; charset=utf-8' },
};

// The content security policy allows no inline script, so the page starts Swagger UI from a file of its own.
const START_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#api', deepLinking: true, tryItOutEnabled: false, validatorUrl: null });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Tee Bazaar API</title>
  <link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
  <div id="api"></div>
  <script src="/api/docs/swagger-ui-bundle.js"></script>
  <script src="/api/docs/docs.js"></script>
</body>
</html>
`;

/** The OpenAPI document and a page to browse it (ADR 050). Outside the storefront's bundle entirely. */
@Controller()
export class OpenApiController {
  private document: string | undefined;

  @Get('openapi.json')
  openApi(@Res() response: Response): void {
    this.document ??= JSON.stringify(buildOpenApiDocument(packageVersion()));
    response.status(200).type('application/json').setHeader('Cache-Control', 'no-cache').send(this.document);
  }

  @Get('docs')
  page(@Res() response: Response): void {
    response.status(200).type('text/html').setHeader('Cache-Control', 'no-cache').send(PAGE);
  }

  @Get('docs/:file')
  asset(@Param('file') file: string, @Res() response: Response): void {
    if (file === 'docs.js') {
      response.status(200).type('text/javascript').setHeader('Cache-Control', 'no-cache').send(START_SCRIPT);
      return;
    }
    const asset = Object.hasOwn(ASSETS, file) ? ASSETS[file] : undefined;
    if (!asset) throw new NotFoundError('not-found');
    response.status(200).type(asset.type).setHeader('Cache-Control', 'public, max-age=86400').send(readFileSync(asset.file));
  }
}

function packageVersion(): string {
  try {
    return (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}
