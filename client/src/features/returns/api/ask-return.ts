import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReturnKind, ReturnPhotoUploadedResponse, ReturnReason, ReturnRequestedResponse } from '../../../../../contracts/returns';
import { apiPost } from '../../../lib/api-client';
import { returnsKeys } from './returns-keys';

export interface AskReturnInput {
  orderId: string;
  phone?: string;
  product_id: number;
  size: string;
  unit: number;
  kind: ReturnKind;
  reason: ReturnReason;
  new_size?: string;
  /** The shopper's optional photo of the unit: uploaded first, its id sent with the request. */
  file?: File | null;
}

/** The photos the store takes: JPEG, PNG or WebP, at most 5 MB (the server checks the bytes again). */
export const RETURN_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const RETURN_PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** `POST /public/orders/{orderId}/returns/photos`: the photo, kept privately for care; answers its id. */
export function uploadReturnPhoto(orderId: string, phone: string | undefined, file: File): Promise<ReturnPhotoUploadedResponse> {
  const form = new FormData();
  form.append('image', file);
  if (phone) form.append('phone', phone);
  return apiPost<ReturnPhotoUploadedResponse>(`/public/orders/${encodeURIComponent(orderId)}/returns/photos`, form);
}

/** `POST /public/orders/{orderId}/returns`: asks for an exchange (the size is held at once) or a return of one unit. */
export async function askReturn({ orderId, file, ...body }: AskReturnInput): Promise<ReturnRequestedResponse> {
  const photo = file ? (await uploadReturnPhoto(orderId, body.phone, file)).photo : undefined;
  return apiPost<ReturnRequestedResponse>(`/public/orders/${encodeURIComponent(orderId)}/returns`, { ...body, ...(photo ? { photo } : {}) });
}

export function useAskReturn() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: askReturn, onSettled: () => queryClient.invalidateQueries({ queryKey: returnsKeys.all }) });
}
