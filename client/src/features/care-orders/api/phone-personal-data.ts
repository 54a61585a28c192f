import type { PersonalDataExport } from '../../../../../contracts/privacy';
import { apiGet } from '../../../lib/api-client';
import { useConsoleMutation } from '../../console-kit/console-query';
import { careOrdersKeys } from './care-orders-keys';

/** `GET /admin/personal-data?phone=` (care, admin): everything the store holds about a phone number. */
export async function getPhonePersonalData(phone: string): Promise<PersonalDataExport> {
  return (await apiGet<{ data: PersonalDataExport }>('/admin/personal-data', { params: { phone } })).data;
}

/** `POST /admin/personal-data/erase` (admin only), with a reason: refused (409) while an order is in progress. */
export function useErasePhoneData() {
  return useConsoleMutation<{ orderId: string; phone: string; reason: string }, { success: boolean; message: string }>(
    () => '/admin/personal-data/erase',
    ({ phone, reason }) => ({ phone, reason }),
    (input) => [careOrdersKeys.detail(input.orderId), careOrdersKeys.lists()],
  );
}
