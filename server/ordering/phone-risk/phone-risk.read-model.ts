import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { PhoneRiskResponse } from '../../../contracts/orders';

/** A `phone_risk` row: the contract's fields without the badge, its times as the driver reads them. */
type PhoneRiskRow = Omit<PhoneRiskResponse, 'badge' | 'last_order_at' | 'blocked_at'> & { last_order_at: Date | null; blocked_at: Date | null };

/** "2 of 5 returned": how many parcels to this phone came back, out of its orders. */
export function riskBadge(row: { placed: number; returned: number; blocked: boolean }): string {
  return row.blocked ? `Blocked · ${row.returned} of ${row.placed} returned` : `${row.returned} of ${row.placed} returned`;
}

/** Reads of `phone_risk`; a phone with no record yet answers zeros. */
@Injectable()
export class PhoneRiskReadModel {
  constructor(private readonly dataSource: DataSource) {}

  async of(phones: readonly string[]): Promise<PhoneRiskResponse[]> {
    const unique = [...new Set(phones.filter(Boolean))];
    if (unique.length === 0) return [];
    const rows: PhoneRiskRow[] = await this.dataSource.query(`SELECT * FROM phone_risk WHERE phone = ANY($1::text[])`, [unique]);
    const byPhone = new Map(rows.map((row) => [row.phone, row]));
    return unique.map((phone) => toResponse(byPhone.get(phone) ?? emptyRow(phone)));
  }
}

function emptyRow(phone: string): PhoneRiskRow {
  return { phone, placed: 0, delivered: 0, returned: 0, cancelled: 0, expired: 0, last_order_id: null, last_order_at: null, blocked: false, block_reason: null, blocked_at: null };
}

function toResponse(row: PhoneRiskRow): PhoneRiskResponse {
  return {
    phone: row.phone,
    placed: row.placed,
    delivered: row.delivered,
    returned: row.returned,
    cancelled: row.cancelled,
    expired: row.expired,
    last_order_id: row.last_order_id,
    last_order_at: row.last_order_at ? new Date(row.last_order_at).toISOString() : null,
    blocked: row.blocked,
    block_reason: row.block_reason,
    blocked_at: row.blocked_at ? new Date(row.blocked_at).toISOString() : null,
    badge: riskBadge(row),
  };
}
