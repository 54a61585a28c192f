import { Global, Injectable, Logger, Module, OnApplicationBootstrap } from '@nestjs/common';
import { StoreMetrics } from '../observability/metrics/store-metrics';
import { type OutsideAdapter, type OutsideAdapterView, viewOf } from './outside-adapter';
import { callOutside, type OutsideAnswer, type OutsideRequest } from './outside-http';

/**
 * The process's outside services: each context's module registers the adapters its configuration chose, and
 * calls providers through `call`, which counts every request and its outcome in `store_outside_requests_total`.
 * At start the log says, once per adapter, whether it is live or a demo.
 */
@Injectable()
export class OutsideServices implements OnApplicationBootstrap {
  private readonly logger = new Logger('Outside');
  private readonly adapters: OutsideAdapter[] = [];

  constructor(private readonly metrics: StoreMetrics) {}

  register<A extends OutsideAdapter>(adapter: A): A {
    this.adapters.push(adapter);
    return adapter;
  }

  list(): OutsideAdapterView[] {
    return this.adapters.map(viewOf);
  }

  call<T>(request: OutsideRequest): Promise<OutsideAnswer<T>> {
    return callOutside<T>(request, ({ service, provider }, outcome, seconds) => {
      this.metrics.outsideRequests.inc({ service, provider, outcome });
      this.metrics.outsideRequestDuration.observe({ service, provider }, seconds);
    });
  }

  onApplicationBootstrap(): void {
    for (const adapter of this.adapters) {
      const line = `${adapter.service}: ${adapter.mode === 'demo' ? 'DEMO' : 'live'} ${adapter.provider} — ${adapter.label}`;
      if (adapter.mode === 'demo') this.logger.warn(line);
      else this.logger.log(line);
    }
  }
}

/** Global: every context that needs an outside service registers its adapters here. */
@Global()
@Module({ providers: [OutsideServices], exports: [OutsideServices] })
export class OutsideModule {}
