import { useConsoleMutation } from '../../console-kit/console-query';
import { careOrdersKeys } from './care-orders-keys';

/** `POST /admin/phones/{phone}/block` or `/unblock` (admin only), with a reason. */
export function useChangePhoneBlock() {
  return useConsoleMutation<{ orderId: string; phone: string; block: boolean; reason: string }, { success: boolean; message: string }>(
    ({ phone, block }) => `/admin/phones/${encodeURIComponent(phone)}/${block ? 'block' : 'unblock'}`,
    ({ reason }) => ({ reason }),
    (input) => [careOrdersKeys.detail(input.orderId), careOrdersKeys.lists()],
  );
}
