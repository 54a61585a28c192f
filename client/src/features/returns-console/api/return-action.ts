import type { ReturnChangedResponse } from '../../../../../contracts/returns';
import { useConsoleMutation } from '../../console-kit/console-query';
import { returnsConsoleKeys } from './returns-console-keys';

export type ReturnAction =
  | { action: 'approve' | 'exchange'; returnId: string }
  | { action: 'refuse'; returnId: string; reason: string }
  | { action: 'called'; returnId: string }
  | { action: 'pickup'; returnId: string; courier: string; tracking_code?: string }
  | { action: 'receive'; returnId: string; condition: 'stock' | 'damaged' }
  | { action: 'refund'; returnId: string; method: 'bkash' | 'cash' | 'store_credit' };

/** `POST /admin/returns/{id}/{action}`: one of care's steps on a request; the list refreshes after it, refused or not. */
export function useReturnAction() {
  return useConsoleMutation<ReturnAction, ReturnChangedResponse>(
    (input) => `/admin/returns/${encodeURIComponent(input.returnId)}/${input.action}`,
    ({ action: _action, returnId: _id, ...body }) => body,
    () => [returnsConsoleKeys.all],
    { always: true },
  );
}
