import type { ReturnSettingsView } from '../../../contracts/returns';
import { paisaToTaka } from '../../common/money';
import type { ReturnSettings } from '../domain/returns';

export function settingsViewOf(settings: ReturnSettings): ReturnSettingsView {
  return { window_days: settings.windowDays, delivery_payer: { ...settings.deliveryPayer }, pickup_charge: paisaToTaka(settings.pickupChargePaisa) };
}
