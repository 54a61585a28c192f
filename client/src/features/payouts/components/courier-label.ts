import { tMaybe } from '../../../lib/i18n/locale';

/** A courier's code ("steadfast", "demo") as care reads it; an unknown code as it is. */
export function courierLabel(code: string): string {
  return tMaybe(`payouts.courier.${code}`, code);
}
