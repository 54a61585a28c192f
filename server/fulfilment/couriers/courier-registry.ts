import type { DataSource } from 'typeorm';
import type { AppConfig } from '../../config/app-config';
import { chooseAdapters } from '../../outside/outside-adapter';
import type { OutsideServices } from '../../outside/outside-services';
import type { Courier, CourierName } from './courier-port';
import { DemoCourier } from './demo-courier';
import { liveCourierOptions as adapterOptions } from './live-couriers';
import { ManualCourier } from './manual-courier';

/** One courier the configuration may choose: its settings (all or none, ADR 056) and how to make its adapter. */
export interface CourierOption {
  provider: CourierName;
  settings: Record<string, string | undefined>;
  create: () => Courier;
}

/** What a courier adapter may need to be made. */
export interface CourierContext {
  config: AppConfig;
  outside: OutsideServices;
  dataSource: DataSource;
}

/**
 * The live couriers, in the order they are offered (the first configured is the default unless DEFAULT_COURIER
 * says otherwise): Steadfast, Pathao and RedX (live-couriers.ts), each with its settings and its adapter.
 */
export function liveCourierOptions(context: CourierContext): CourierOption[] {
  const settings = context.config.couriers.live;
  if (!settings) return [];
  return adapterOptions(settings, context.outside, context.config.couriers.timeoutMs).map((option) => ({ ...option, provider: option.provider as CourierName }));
}

/**
 * The couriers this process offers: every live courier whose settings are given, or else the demo courier
 * (DemoCourier, clearly labelled); and always the manual courier, for parcels booked by phone. Each is
 * registered with OutsideServices, which logs at start whether it is live or a demo.
 */
export function chooseCouriers(context: CourierContext, options: CourierOption[] = liveCourierOptions(context), demoOptions: { latencyMs?: number } = {}): Courier[] {
  const { config, outside, dataSource } = context;
  const demo = () => new DemoCourier(dataSource, { webhookToken: config.couriers.demoWebhookToken, origin: config.appOrigins[0], ...demoOptions });
  const chosen: Courier[] = chooseAdapters<Courier>(options, demo);
  return [...chosen, new ManualCourier()].map((courier) => outside.register(courier));
}
