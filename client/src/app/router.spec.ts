/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLIENT_ROUTES } from '../../../contracts/client-routes';

// The server answers 404 for paths outside CLIENT_ROUTES; a page added to the router must be added there too.
describe('the router and contracts/client-routes.ts', () => {
  it('name the same pages', () => {
    const source = readFileSync(join(__dirname, 'router.tsx'), 'utf8');
    const paths = [...source.matchAll(/<Route\s+path="([^"]+)"/g)].map((match) => match[1]!).filter((path) => path !== '*');
    const routed = ['/', ...paths.map((path) => `/${path.replace(/^\//, '')}`)].sort();
    expect(routed).toEqual([...CLIENT_ROUTES].sort());
  });
});
