import { useMutation } from '@tanstack/react-query';
import type { LandingAttribution } from '../../../../../contracts/attribution';
import { apiPost } from '../../../lib/api-client';
import { landingAttribution } from '../landing-source';

/** The order request of spec §3; prices are sent as shown but the server computes its own (architecture §3). */
export interface ConfirmOrderRequest {
  cart: Array<{ id: number; name: string; size: string; price: number; slug: string; qty: number; thumbnail: string; coupon_code?: string }>;
  coupon: unknown;
  couponoffer: unknown;
  /** The shopper's language (issue 18), recorded on the order: its mails and SMS are written in it. */
  locale?: 'en' | 'bn';
  data: {
    name: string;
    email: string;
    phone: string;
    address: string;
    shipping_phone: string;
    devliery_charge: number;
    /** Issue 30: the picked district or thana (`t-12`) and an optional landmark; the server prices by its zone. */
    area_id?: string;
    landmark?: string;
    bkash_number: string;
    transaction_id: string;
    paymentMethod: 'cash' | 'bkash';
  };
  /** The proof a phone code gave, when the store asked this checkout to verify its phone (issue 17). */
  phone_proof?: string;
  /** ADR 062: pay what the contact phone's store credit covers (a signed-in owner, or a proven phone). */
  use_store_credit?: boolean;
  /** Issue 33: where the shopper landed from (landing-source.ts); added by `confirmOrder` when kept. */
  attribution?: LandingAttribution;
}

export interface ConfirmOrderResponse {
  success: boolean;
  order_id: string;
  message?: string;
  /** Issue 34: the gateway's page (bKash's, or the demo's) to send the shopper to, for a bKash order without a transaction id. */
  payment_url?: string;
}

/**
 * `POST /public/confirm-order` with an `Idempotency-Key`: the same key on a retry returns the same order
 * instead of placing a second one (a timeout on a slow network does not mean the order failed).
 */
export function confirmOrder(body: ConfirmOrderRequest, idempotencyKey: string, { signal }: { signal?: AbortSignal } = {}): Promise<ConfirmOrderResponse> {
  const attribution = body.attribution ?? landingAttribution();
  return apiPost<ConfirmOrderResponse>('/public/confirm-order', attribution ? { ...body, attribution } : body, { signal, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useConfirmOrder() {
  return useMutation({ mutationFn: ({ body, idempotencyKey }: { body: ConfirmOrderRequest; idempotencyKey: string }) => confirmOrder(body, idempotencyKey) });
}
