import { ValidationFailedError } from '../../common/errors/domain-error';
import type { Decider } from '../../event-store/command-path/decider';
import { RETURN_REASONS } from '../../../contracts/returns';
import type { ReturnSettingsChanged } from './return.events';
import { DEFAULT_RETURN_SETTINGS, type ReturnSettings } from './returns';

export type ChangeReturnSettings = { type: 'ChangeReturnSettings'; data: ReturnSettings & { now: Date } };

function decide(command: ChangeReturnSettings): ReturnSettingsChanged[] {
  const { windowDays, deliveryPayer, pickupChargePaisa, now } = command.data;
  const payersOk = RETURN_REASONS.every((reason) => deliveryPayer?.[reason] === 'shop' || deliveryPayer?.[reason] === 'shopper');
  if (!Number.isInteger(windowDays) || windowDays < 0 || windowDays > 60 || !payersOk || !Number.isInteger(pickupChargePaisa) || pickupChargePaisa < 0 || pickupChargePaisa > 100_000) {
    throw ValidationFailedError.field('settings', 'return-settings-invalid');
  }
  const payers = Object.fromEntries(RETURN_REASONS.map((reason) => [reason, deliveryPayer[reason]])) as ReturnSettings['deliveryPayer'];
  return [{ type: 'ReturnSettingsChanged', data: { windowDays, deliveryPayer: payers, pickupChargePaisa, at: now.toISOString() } }];
}

function evolve(_state: ReturnSettings, event: ReturnSettingsChanged): ReturnSettings {
  const { windowDays, deliveryPayer, pickupChargePaisa } = event.data;
  return { windowDays, deliveryPayer, pickupChargePaisa };
}

/** The store's return settings (stream `return-settings`); the defaults until care changes them. */
export const returnSettingsDecider: Decider<ChangeReturnSettings, ReturnSettingsChanged, ReturnSettings> = {
  decide,
  evolve,
  initialState: () => ({ ...DEFAULT_RETURN_SETTINGS, deliveryPayer: { ...DEFAULT_RETURN_SETTINGS.deliveryPayer } }),
};
