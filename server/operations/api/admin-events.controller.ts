import { Controller, Get, Param, Query as QueryString } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Roles } from '../../common/auth/roles.decorator';
import { parseOrThrow } from '../../common/validation/zod-validation.pipe';
import { BrowseEventsQuery } from '../events/browse-events.query';
import { ListEventTypesQuery } from '../events/event-types.query';
import { ReadStreamQuery } from '../events/read-stream.query';
import { browseEventsRequest, streamIdParameter } from './admin-operations.requests';

/** The operator's event browser: the global log and any stream, with metadata. Admin only. */
@Controller('admin/events')
@Roles('admin')
export class AdminEventsController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  browse(@QueryString() query: unknown) {
    return this.queries.execute(new BrowseEventsQuery(parseOrThrow(browseEventsRequest, query)));
  }

  @Get('types')
  async types() {
    return { data: await this.queries.execute(new ListEventTypesQuery()) };
  }

  @Get('streams/:streamId')
  async stream(@Param('streamId') streamId: string) {
    return { data: await this.queries.execute(new ReadStreamQuery(parseOrThrow(streamIdParameter, streamId))) };
  }
}
