import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { RebuildStartedResponse } from '../../../contracts/projections';
import { Roles } from '../../common/auth/roles.decorator';
import { ProjectionRebuilds } from '../projections/projection-rebuilds';

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
