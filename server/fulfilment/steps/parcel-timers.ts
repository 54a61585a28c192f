import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { systemMetadata } from '../../common/request/request-metadata';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Couriers } from '../couriers/couriers';
import { DemoCourier } from '../couriers/demo-courier';
import { ParcelSteps } from './parcel-steps';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Background work of fulfilment, in every process that runs background work (like the order expiry sweep):
 * parcels quiet for COURIER_POLL_HOURS are read back from their courier every COURIER_POLL_SECONDS (webhooks
 * can be late or lost), and, when DEMO_COURIER_STEP_SECONDS is set, the demo courier moves its parcels on.
 * Both go through the order's command path, so two processes doing the same work record each step once.
 */
@Injectable()
export class ParcelTimers implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('ParcelTimers');
  private readonly timers: NodeJS.Timeout[] = [];
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly steps: ParcelSteps,
    private readonly couriers: Couriers,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.runMailWorker) return;
    const every = (seconds: number, work: () => Promise<unknown>) => {
      const timer = setInterval(() => {
        this.running = this.running.then(work).catch((error) => this.logger.warn(error instanceof Error ? error.message : String(error)));
      }, seconds * 1000);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.config.couriers.pollSeconds, () => this.pollLate());
    if (this.config.couriers.demoStepSeconds > 0) every(this.config.couriers.demoStepSeconds, () => this.moveDemoParcels());
  }

  async beforeApplicationShutdown(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    await this.running.catch(() => undefined);
  }

  /** Reads back every parcel quiet since `now - COURIER_POLL_HOURS`; returns the steps it recorded. */
  async pollLate(now = new Date()): Promise<number> {
    let recorded = 0;
    for (const parcel of await this.steps.late(new Date(now.getTime() - this.config.couriers.pollHours * HOUR_MS))) {
      const courier = this.couriers.find(parcel.courier);
      if (!courier) continue;
      try {
        recorded += await this.steps.readBack(courier, parcel.order_id, systemMetadata(`${parcel.courier} tracking poll`));
      } catch (error) {
        this.logger.warn(`tracking ${parcel.order_id} with ${parcel.courier}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return recorded;
  }

  /** The demo courier's timer: each of its parcels that has not moved for DEMO_COURIER_STEP_SECONDS moves one step. */
  async moveDemoParcels(now = new Date()): Promise<void> {
    const demo = this.couriers.find('demo');
    if (!(demo instanceof DemoCourier)) return;
    for (const orderId of await demo.due(new Date(now.getTime() - this.config.couriers.demoStepSeconds * 1000))) {
      await this.steps.advanceDemo(orderId, systemMetadata('demo courier timer'), now).catch((error) => this.logger.warn(`demo parcel ${orderId}: ${error instanceof Error ? error.message : String(error)}`));
    }
  }
}
