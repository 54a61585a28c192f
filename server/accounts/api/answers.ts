import { z } from 'zod';
import type { PhoneCodeSentResponse, PhoneProofResponse, SavedAddressResponse, SignedInResponse, UserResponse } from '../../../contracts/accounts';
import type { StaffInvitationInfo, StaffMember } from '../../../contracts/catalog-admin';
import type { DataList } from '../../../contracts/paginated';
import { isoTime, listOf } from '../../observability/openapi/answer-schemas';
import { answerOf } from '../../observability/openapi/api-route';

/** The accounts context's answers as zod schemas, each mirroring its wire type (contracts/accounts.ts). */

export const user = answerOf<UserResponse>()(
  z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phone_number: z.string().nullable(),
    phone_verified: z.boolean().describe('A code proved the phone; a number changed in the profile is not, until then'),
    role: z.enum(['customer', 'care', 'admin']),
    email_verified: z.boolean(),
    invite_code: z.string().nullable(),
  }),
);

const signedIn = answerOf<SignedInResponse>()(
  z.object({ access_token: z.string(), token_type: z.literal('Bearer'), expires_in: z.number().int().describe('Seconds'), user }),
);

/** Register, log in, change the password: a message, the account and a bearer token. */
export const signedInAnswer = answerOf<{ success: true; message: string } & SignedInResponse>()(z.object({ success: z.literal(true), message: z.string(), ...signedIn.shape }));

export const currentUserAnswer = answerOf<{ success: true; user: UserResponse }>()(z.object({ success: z.literal(true), user }));

export const userChangedAnswer = answerOf<{ success: true; message: string; user: UserResponse }>()(z.object({ success: z.literal(true), message: z.string(), user }));

export const phoneCodeSentAnswer = answerOf<PhoneCodeSentResponse>()(z.object({ success: z.literal(true), message: z.string() }));

export const phoneProofAnswer = answerOf<PhoneProofResponse>()(
  z.object({ success: z.literal(true), message: z.string(), phone_proof: z.string().describe('What confirm-order takes as phone_proof'), expires_at: isoTime }),
);

export const staffMember = answerOf<StaffMember>()(
  z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(['care', 'admin']),
    status: z.enum(['active', 'invited', 'disabled']),
    created_at: isoTime,
    disabled_at: isoTime.nullable(),
    invitation_expires_at: isoTime.nullable().describe('Until when the newest invitation link works; null unless invited'),
  }),
);

export const staffInvitationAnswer = answerOf<StaffInvitationInfo>()(
  z.object({ name: z.string(), email: z.string(), role: z.enum(['care', 'admin']), expires_at: isoTime }),
);

export const staffListAnswer = answerOf<DataList<StaffMember>>()(listOf(staffMember));

/** Issue 32: the customer's saved delivery address, or null when none is saved. */
const savedAddress = answerOf<SavedAddressResponse>()(
  z.object({
    area_id: z.string().describe('A district (d-…), upazila (u-…) or city thana (t-…) of GET /api/public/areas'),
    area_name: z.string(),
    area_name_bn: z.string(),
    district: z.string(),
    district_bn: z.string(),
    address: z.string().describe('House, road and area as typed'),
    landmark: z.string(),
  }),
);
export const savedAddressAnswer = answerOf<{ success: true; address: SavedAddressResponse | null }>()(z.object({ success: z.literal(true), address: savedAddress.nullable() }));
