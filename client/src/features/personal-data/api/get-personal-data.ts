import type { PersonalDataExport } from '../../../../../contracts/privacy';
import { apiGet } from '../../../lib/api-client';

/** `GET /customer/personal-data` (bearer): everything the store holds about the signed-in person. */
export async function getOwnPersonalData(): Promise<PersonalDataExport> {
  return (await apiGet<{ data: PersonalDataExport }>('/customer/personal-data')).data;
}
