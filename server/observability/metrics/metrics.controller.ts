import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ForbiddenError } from '../../common/errors/domain-error';
import { MetricsAccess } from './metrics-access';
import { MetricsCollector } from './metrics-collector';
import { StoreMetrics } from './store-metrics';

/** Prometheus text format for a scraper on an allowed address or with METRICS_TOKEN (ADR 050). */
@Controller('metrics')
export class MetricsController {
  constructor(
    @Inject(StoreMetrics) private readonly metrics: StoreMetrics,
    private readonly collector: MetricsCollector,
    private readonly access: MetricsAccess,
  ) {}

  @Get()
  async scrape(@Req() request: Request, @Res() response: Response): Promise<void> {
    if (!this.access.permits(request)) throw new ForbiddenError('metrics-closed');
    await this.collector.refresh();
    response.status(200).setHeader('Cache-Control', 'no-store').type(this.metrics.registry.contentType).send(await this.metrics.registry.metrics());
  }
}
