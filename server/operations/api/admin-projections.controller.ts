import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { RebuildStartedResponse } from '../../../contracts/projections';
import { Roles } from '../../common/auth/roles.decorator';
import { ProjectionRebuilds } from '../projections/projection-rebuilds';
import { DataSource } from 'typeorm';
import { readQueueDepths } from '../../observability/metrics/queue-tables';

/** Each read model's checkpoint, lag and last error; rebuilds with no downtime. Admin only. */
@Controller('admin/projections')
@Roles('admin')
export class AdminProjectionsController {
  constructor(private readonly rebuilds: ProjectionRebuilds) {}

  @Get()
  async list() {
    return { data: await this.rebuilds.list() };
  }

  /** 202: the rebuild runs on; poll the list for its progress. */
  @Post(':name/rebuild')
  @HttpCode(202)
  rebuild(@Param('name') name: string) {
    return { success: true, message: `Rebuilding ${name}.`, job: this.rebuilds.start(name) } satisfies RebuildStartedResponse;
  }
}

/** Mail and SMS queues: open jobs by state, the oldest's age, the latest failure (issue 17). Admin only. */
@Controller('admin/queues')
@Roles('admin')
export class AdminQueuesController {
  constructor(private readonly dataSource: DataSource) {}

  @Get()
  async list() {
    return { data: await readQueueDepths(this.dataSource) };
  }
}
