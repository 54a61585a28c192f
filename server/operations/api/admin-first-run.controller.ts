import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Roles } from '../../common/auth/roles.decorator';
import { GetFirstRunStatusQuery } from '../first-run/first-run-status';

/** The console's first-run checklist: what a new shop still lacks before it can take an order. Admin only. */
@Controller('admin/first-run')
@Roles('admin')
export class AdminFirstRunController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  status() {
    return this.queries.execute(new GetFirstRunStatusQuery());
  }
}
