import { Injectable } from '@nestjs/common';
import type { Projection } from './projection';

/**
 * Every projection of the process. Context modules register theirs in `onModuleInit`; the runner reads the
 * list when it starts on application bootstrap, after every module is initialised.
 */
@Injectable()
export class ProjectionRegistry {
  private readonly projections = new Map<string, Projection>();

  register(projection: Projection): void {
    if (this.projections.has(projection.name)) throw new Error(`projection ${projection.name} is registered twice`);
    this.projections.set(projection.name, projection);
  }

  list(): Projection[] {
    return [...this.projections.values()];
  }

  get(name: string): Projection {
    const projection = this.projections.get(name);
    if (!projection) throw new Error(`no projection named ${name}; known: ${[...this.projections.keys()].join(', ') || 'none'}`);
    return projection;
  }
}
