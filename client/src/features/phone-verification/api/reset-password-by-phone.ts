import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { phoneCodeKeys } from './phone-code-keys';

/** `POST /public/reset-password-by-phone {phone, code, password, password_confirmation}`; 422 errors by field. */
export function resetPasswordByPhone(body: { phone: string; code: string; password: string; password_confirmation: string }): Promise<{ success: boolean; message: string }> {
  return apiPost('/public/reset-password-by-phone', body);
}

export function useResetPasswordByPhone() {
  return useMutation({ mutationKey: [...phoneCodeKeys.all, 'reset-password'], mutationFn: resetPasswordByPhone });
}
