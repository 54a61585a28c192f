import type { PayoutRecordedResponse } from '../../../../../contracts/payouts';
import type { CourierCode } from '../../../../../contracts/shipments';
import { useConsoleMutation } from '../../console-kit/console-query';
import { payoutsKeys } from './payouts-keys';

export interface ImportStatementInput {
  courier: CourierCode;
  /** The CSV file's text, read in the browser. */
  content: string;
  statement_id?: string;
}

/** `POST /admin/payouts/import`: a courier's statement file; 422 `statement-invalid` names the line and the reason. */
export function useImportStatement() {
  return useConsoleMutation<ImportStatementInput, PayoutRecordedResponse>(
    () => '/admin/payouts/import',
    ({ courier, content, statement_id }) => ({ courier, content, ...(statement_id ? { statement_id } : {}) }),
    () => [payoutsKeys.all],
  );
}
