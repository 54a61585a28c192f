import type { ReturnRow } from '../../../../../contracts/returns';
import { useConsoleQuery } from '../../console-kit/console-query';
import { returnsConsoleKeys } from './returns-console-keys';

export type ReturnStep = { event: string; at: string; actor: string; note: string | null };
export type ReturnListRow = ReturnRow & { steps: ReturnStep[] };

/** `GET /admin/returns?stage&order_id`: requests, newest first, with each step. */
export function useReturns(stage: string, orderId = '') {
  return useConsoleQuery<{ success: true; data: ReturnListRow[] }>(returnsConsoleKeys.list(stage, orderId), '/admin/returns', {
    params: { ...(stage ? { stage } : {}), ...(orderId ? { order_id: orderId } : {}) },
    list: true,
  });
}
