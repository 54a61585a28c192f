import { Logger } from '@nestjs/common';
import { PoolErrorReporter } from './database-logger';

describe('PoolErrorReporter: one warning per database outage, however large the pool', () => {
  let warnings: string[];
  let debugLines: string[];

  beforeEach(() => {
    warnings = [];
    debugLines = [];
    jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => void warnings.push(String(message)));
    jest.spyOn(Logger.prototype, 'debug').mockImplementation((message: unknown) => void debugLines.push(String(message)));
  });

  afterEach(() => jest.restoreAllMocks());

  it('warns on the first lost connection and counts the rest of the outage quietly', () => {
    let now = 1_000;
    const reporter = new PoolErrorReporter(30_000, () => now);
    for (let connection = 0; connection < 20; connection++) {
      reporter.report(new Error('terminating connection due to administrator command'));
      now += 5;
    }
    expect(warnings).toEqual(['pooled connections lost, each is replaced on its next use: terminating connection due to administrator command']);
    expect(debugLines).toHaveLength(19);
    expect(debugLines[18]).toContain('19 more in this outage');
  });

  it('warns again for a later outage once the pool has been quiet', () => {
    let now = 0;
    const reporter = new PoolErrorReporter(30_000, () => now);
    reporter.report(new Error('first outage'));
    now += 10_000;
    reporter.report(new Error('same outage'));
    now += 30_000;
    reporter.report(new Error('second outage'));
    expect(warnings.map((line) => line.split(': ')[1])).toEqual(['first outage', 'second outage']);
  });
});
