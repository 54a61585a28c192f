import { z } from 'zod';
import type { PersonalDataExport } from '../../../contracts/privacy';
import { isoTime, taka } from '../../observability/openapi/answer-schemas';
import { answerOf } from '../../observability/openapi/api-route';

/** The privacy context's answers as zod schemas, each mirroring its wire type (contracts/privacy.ts). */

const personalData = answerOf<PersonalDataExport>()(
  z.object({
    generated_at: isoTime,
    subject: z.discriminatedUnion('kind', [z.object({ kind: z.literal('account'), user_id: z.string() }), z.object({ kind: z.literal('phone'), phone: z.string() })]),
    accounts: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        email: z.string(),
        phone_number: z.string().nullable(),
        phone_verified: z.boolean(),
        role: z.string(),
        email_verified_at: isoTime.nullable(),
        created_at: isoTime,
        delivery_area_id: z.string().nullable().describe('Issue 32: the saved delivery address'),
        delivery_address: z.string().nullable(),
        delivery_landmark: z.string().nullable(),
      }),
    ),
    account_history: z.array(z.object({ event: z.string(), at: isoTime })).describe('What happened to the account: event type and time, never a token or a password hash'),
    orders: z.array(
      z.object({
        order_id: z.string(),
        placed_at: isoTime,
        status: z.string(),
        customer_name: z.string(),
        email: z.string().nullable(),
        phone: z.string(),
        shipping_phone: z.string(),
        address: z.string(),
        district: z.string().nullable(),
        thana: z.string().nullable(),
        landmark: z.string().nullable(),
        payment_method: z.string().nullable(),
        bkash_number: z.string().nullable(),
        items: z.array(z.object({ name: z.string(), size: z.string(), qty: z.number().int(), price: taka })),
        grand_total: taka.nullable(),
        lucky_draw_tokens: z.array(z.string()),
      }),
    ),
    phone_records: z.array(
      z.object({
        phone: z.string(),
        placed: z.number().int(),
        delivered: z.number().int(),
        returned: z.number().int(),
        cancelled: z.number().int(),
        expired: z.number().int(),
        blocked: z.boolean(),
        block_reason: z.string().nullable(),
      }),
    ),
  }),
);

export const personalDataAnswer = answerOf<{ success: true; data: PersonalDataExport }>()(z.object({ success: z.literal(true), data: personalData }));

export const phoneErasedAnswer = answerOf<{ success: true; phone: string; orders: string[]; accounts_deleted: number; message: string }>()(
  z.object({ success: z.literal(true), phone: z.string(), orders: z.array(z.string()).describe('The order ids that keep their amounts without personal data'), accounts_deleted: z.number().int(), message: z.string() }),
);
