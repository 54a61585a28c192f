import { Injectable, Logger } from '@nestjs/common';
import { ConflictError, NotFoundError } from '../../common/errors/domain-error';
import { ProjectionRegistry } from '../../event-store/projection-registry';
import { ProjectionRunner } from '../../event-store/projection-runner';
import type { ProcessProjectionStatus } from '../../event-store/projection-status';

/** A rebuild started from the console, as the console shows it. */
export interface RebuildJob {
  projection: string;
  state: 'running' | 'done' | 'failed';
  phase: 'copying' | 'swapped';
  processed: number;
  /** 0 to 100: how far through the log, by global position. */
  percent: number;
  startedAt: string;
  finishedAt: string | null;
  eventsPerSecond: number | null;
  error: string | null;
}

export interface ProjectionView extends Omit<ProcessProjectionStatus, 'checkpoint'> {
  checkpoint: { transactionId: string; position: string };
  job: RebuildJob | null;
}

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

  async list(): Promise<ProjectionView[]> {
    const statuses = await this.runner.status();
    return statuses.map((status) => ({
      ...status,
      checkpoint: { transactionId: status.checkpoint.transactionId.toString(), position: status.checkpoint.position.toString() },
      job: this.jobs.get(status.name) ?? null,
    }));
  }

  /** Starts the rebuild and returns at once; `list()` reports its progress. */
  start(name: string): RebuildJob {
    if (!this.registry.list().some((projection) => projection.name === name)) {
      throw new NotFoundError(`There is no projection called ${name}.`);
    }
    if (this.jobs.get(name)?.state === 'running') throw new ConflictError(`${name} is already being rebuilt.`);
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
