import { z } from 'zod';
import type { ApiRoute } from '../../observability/openapi/api-route';
import { messageAnswer } from '../../observability/openapi/answer-schemas';
import { personalDataAnswer, phoneErasedAnswer } from './answers';
import { deleteAccountRequest, erasePhoneRequest } from './personal-data.controller';

/** Personal-data exports and erasure (issue 21, ADR 053). */
export const PRIVACY_ROUTES: ApiRoute[] = [
  {
    method: 'get', path: '/api/customer/personal-data', tag: 'Accounts', summary: 'Everything the store holds about the signed-in person, as JSON: account, its history, orders, phone records', access: 'customer', answer: personalDataAnswer,
    description: 'The orders are those placed while signed in to the account and, once a code proved the account\'s phone, the guest orders placed from it; phone records only of that proven phone (ADR 057). `Cache-Control: no-store`.',
  },
  {
    method: 'post', path: '/api/customer/delete-account', tag: 'Accounts', summary: 'Delete the signed-in customer\'s account and erase their personal data, with their password', access: 'customer', passwordHash: true, body: deleteAccountRequest, answer: messageAnswer,
    description: '422 `password` when it is not right; 409 naming the orders still pending, confirmed, processing or shipped.',
    example: () => ({ body: { password: 'padma-river-bridge-22' } }),
  },
  {
    method: 'get', path: '/api/admin/personal-data', tag: 'Staff: orders', summary: 'Everything the store holds about a phone number, as JSON: the account that proved it, orders with it as contact or shipping phone (guest ones too), its record', access: 'care', answer: personalDataAnswer,
    query: z.object({ phone: z.string().describe('An 11-digit mobile number, as typed (+880 …, Bengali digits)') }),
    description: '422 `phone` for a number that is not a mobile number.',
    example: (s) => ({ query: { phone: s.order.phone } }),
  },
  {
    method: 'post', path: '/api/admin/personal-data/erase', tag: 'Staff: orders', summary: 'Erase a phone number\'s personal data (its orders, the accounts that placed them), with a reason', access: 'admin', body: erasePhoneRequest, answer: phoneErasedAnswer,
    description: '404 when no order or account uses the number; 409 naming the orders still in progress.',
    example: (s) => ({ body: { phone: s.phone(), reason: 'the customer asked by phone to be forgotten' } }),
  },
];
