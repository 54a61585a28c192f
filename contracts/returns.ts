/** Size exchanges and returns (issue 35, ADR 062): what the shopper asks, what care decides, the dashboard. Amounts in Taka. */

export type ReturnKind = 'exchange' | 'return';
export const RETURN_KINDS: readonly ReturnKind[] = ['exchange', 'return'];

export type ReturnReason = 'size_too_small' | 'size_too_big' | 'damaged' | 'not_as_pictured' | 'other';
export const RETURN_REASONS: readonly ReturnReason[] = ['size_too_small', 'size_too_big', 'damaged', 'not_as_pictured', 'other'];

/** Who pays the pick-up's delivery for a reason: the shop or the shopper. */
export type DeliveryPayer = 'shop' | 'shopper';

/** Where a request stands. */
export type ReturnStage = 'requested' | 'approved' | 'refused' | 'pickup_booked' | 'received' | 'exchanged' | 'refunded';
/** A request still open: one per unit at a time. */
export const OPEN_RETURN_STAGES: readonly ReturnStage[] = ['requested', 'approved', 'pickup_booked', 'received'];

export type RefundMethod = 'bkash' | 'cash' | 'store_credit';

export interface ReturnSettingsView {
  window_days: number;
  /** Who pays the pick-up's delivery, per reason. */
  delivery_payer: Record<ReturnReason, DeliveryPayer>;
  /** The pick-up's delivery charge the shopper pays when the reason's payer is the shopper. */
  pickup_charge: number;
}

/** One unit of a delivered line, as the shopper may ask about it. */
export interface ReturnableUnit {
  unit: number;
  /** The open or finished request on this unit (null: none yet). */
  request: { return_id: string; kind: ReturnKind; stage: ReturnStage; new_size: string | null; /** Care's reason, when it refused the request. */ refusal: string | null } | null;
}

export interface ReturnableLine {
  product_id: number;
  size: string;
  name: string;
  thumbnail: string;
  unit_price: number;
  units: ReturnableUnit[];
  /** Sizes this product can be exchanged into now: in stock, other than the line's own. */
  exchange_sizes: Array<{ size: string; unit_price: number }>;
}

/** The shopper's return page for an order: can they ask, until when, and each line's units. */
export interface ReturnOptionsResponse {
  success: true;
  order_id: string;
  /** Whether a request may be made now; `reason` says why not. */
  open: boolean;
  reason: 'not-delivered' | 'window-over' | null;
  /** The last day to ask (ISO), null before delivery. */
  until: string | null;
  settings: ReturnSettingsView;
  lines: ReturnableLine[];
}

/** The answer to a request: what happens next and what it costs. */
export interface ReturnRequestedResponse {
  success: true;
  return_id: string;
  order_id: string;
  kind: ReturnKind;
  stage: ReturnStage;
  /** What the shopper pays for the pick-up (0: the shop pays). */
  pickup_charge: number;
  /** For an exchange: what the new size costs more (0 when not more); collected at the door. */
  price_difference: number;
  /** For a return: what will be refunded once the unit is back. */
  refund_amount: number;
  message: string;
}

/** A request as care's list and the order's page show it. */
export interface ReturnRow {
  return_id: string;
  order_id: string;
  product_id: number;
  product_name: string;
  size: string;
  unit: number;
  kind: ReturnKind;
  reason: ReturnReason;
  new_size: string | null;
  stage: ReturnStage;
  refusal: string | null;
  called: boolean;
  pickup_charge: number;
  price_difference: number;
  refund_amount: number;
  refund_method: RefundMethod | null;
  exchange_order_id: string | null;
  pickup_tracking_code: string | null;
  received_as: 'stock' | 'damaged' | null;
  /** Whether the shopper attached a photo (care reads it from `GET /api/admin/returns/{id}/photo`). */
  photo: boolean;
  requested_at: string;
  updated_at: string;
}

/**
 * One step of one of an order's returns or exchanges (issue 35), shaped as the order's own timeline entries
 * (`position` is the step's place in the order's returns stream, not in the order's stream).
 */
export interface ReturnTimelineEntryResponse {
  position: number;
  return_id: string;
  event: string;
  at: string;
  actor: { id: string; role: string; name: string | null };
  note: string | null;
  details: Record<string, unknown>;
}

/** The steps of an order's returns for care's order timeline, oldest first. */
export interface ReturnTimelineResponse {
  success: true;
  order_id: string;
  timeline: ReturnTimelineEntryResponse[];
}

/** A photo the shopper uploaded for her request: its id, sent as `photo` with the request. */
export interface ReturnPhotoUploadedResponse {
  success: true;
  photo: string;
}

/** The shopper's photo for care, as a data URL (WebP, at most 1,280 px, no metadata). */
export interface ReturnPhotoResponse {
  success: true;
  return_id: string;
  photo: string;
}

export interface ReturnChangedResponse {
  success: true;
  return: ReturnRow;
  message: string;
}

export interface StoreCreditResponse {
  success: true;
  /** The balance in Taka (never below 0). */
  balance: number;
  entries: Array<{ at: string; amount: number; kind: 'granted' | 'spent' | 'restored'; order_id: string }>;
}

/** The console dashboard's returns: counts by reason, and the return rate per product and size. */
export interface ReturnsDashboardResponse {
  success: true;
  by_reason: Array<{ reason: ReturnReason; returns: number; exchanges: number }>;
  by_size: Array<{ size: string; sold: number; returned: number; rate: number }>;
  by_product: Array<{ product_id: number; name: string; sold: number; returned: number; rate: number }>;
}
