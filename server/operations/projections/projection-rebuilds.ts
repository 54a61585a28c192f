import { Injectable, Logger } from '@nestjs/common';
import type { ProjectionRow, RebuildJob } from '../../../contracts/projections';
import { ConflictError, NotFoundError } from '../../common/errors/domain-error';
import { ProjectionRegistry } from '../../event-store/projection-registry';
import { ProjectionRunner } from '../../event-store/projection-runner';

/**
 * Starts rebuilds in the background of this process and remembers how each went, so the console can show
 * progress by polling. The rebuild itself (fresh tables, catch-up, swap) is the event store's.
 */
@Injectable()
export class ProjectionRebuilds {
  private readonly logger = new Logger('Rebuild');
  private readonly jobs = new Map<string, RebuildJob>();

  constructor(
    private readonly runner: ProjectionRunner,
    private readonly registry: ProjectionRegistry,
  ) {}

  async list(): Promise<ProjectionRow[]> {
    const statuses = await this.runner.status();
    return statuses.map((status) => ({
      ...status,
      checkpoint: { transactionId: status.checkpoint.transactionId.toString(), position: status.checkpoint.position.toString() },
      lastErrorAt: status.lastErrorAt?.toISOString() ?? null,
      updatedAt: status.updatedAt.toISOString(),
      rebuild: status.rebuild && { ...status.rebuild, startedAt: status.rebuild.startedAt.toISOString() },
      job: this.jobs.get(status.name) ?? null,
    }) satisfies ProjectionRow);
  }

  /** Starts the rebuild and returns at once; `list()` reports its progress. */
  start(name: string): RebuildJob {
    if (!this.registry.list().some((projection) => projection.name === name)) {
      throw new NotFoundError('projection-unknown', { name });
    }
    if (this.jobs.get(name)?.state === 'running') throw new ConflictError('projection-rebuilding', { name });
    const job: RebuildJob = {
      projection: name,
      state: 'running',
      phase: 'copying',
      processed: 0,
      percent: 0,
      startedAt: new Date().toISOString(),
      finishedAt: null,
      eventsPerSecond: null,
      error: null,
    };
    this.jobs.set(name, job);
    this.runner
      .rebuild(name, {
        onProgress: (progress) => {
          job.phase = progress.phase;
          job.processed = progress.processed;
          job.percent = progress.target > 0n ? Math.min(100, Number((progress.position * 100n) / progress.target)) : 100;
        },
      })
      .then((result) => {
        Object.assign(job, { state: 'done', percent: 100, finishedAt: new Date().toISOString(), eventsPerSecond: result.eventsPerSecond });
        this.logger.log(`${name} rebuilt: ${result.processed} events in ${result.durationMs} ms`);
      })
      .catch((error: unknown) => {
        Object.assign(job, { state: 'failed', finishedAt: new Date().toISOString(), error: error instanceof Error ? error.message : String(error) });
        this.logger.error(`${name} rebuild failed: ${job.error}`);
      });
    return job;
  }
}
