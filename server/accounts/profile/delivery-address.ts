import { Injectable } from '@nestjs/common';
import type { SavedAddressResponse } from '../../../contracts/accounts';
import { UnauthorizedError, ValidationFailedError } from '../../common/errors/domain-error';
import type { RequestMetadata } from '../../common/request/request-metadata';
import { areaIndex } from '../../catalog/areas/area-index';
import { AccountWrites } from '../users/account-writes';
import { findUserById } from '../users/user-account';

/**
 * Issue 32 (ADR 065): the delivery address a customer keeps on the account, offered by the checkout: saved as a
 * `DeliveryAddressSaved` event (address and landmark sealed under the account's key) and the users row's
 * `delivery_*` columns in the same transaction; erased with the account like every personal field.
 */
@Injectable()
export class DeliveryAddresses {
  constructor(private readonly accounts: AccountWrites) {}

  async read(userId: string): Promise<SavedAddressResponse | null> {
    const [row]: Array<{ delivery_area_id: string | null; delivery_address: string | null; delivery_landmark: string | null }> = await this.accounts.manager.query(
      'SELECT delivery_area_id, delivery_address, delivery_landmark FROM users WHERE id = $1::uuid',
      [userId],
    );
    const area = row?.delivery_area_id ? areaIndex().get(row.delivery_area_id) : undefined;
    if (!row || !area || !row.delivery_address) return null;
    return {
      area_id: area.id,
      area_name: area.name,
      area_name_bn: area.nameBn,
      district: area.district,
      district_bn: area.districtBn,
      address: row.delivery_address,
      landmark: row.delivery_landmark ?? '',
    };
  }

  async save(userId: string, input: { area_id: string; address: string; landmark: string }, meta: RequestMetadata): Promise<SavedAddressResponse | null> {
    if (!areaIndex().get(input.area_id)) throw ValidationFailedError.field('area_id', 'area-unknown');
    const user = await findUserById(this.accounts.manager, userId);
    if (!user) throw new UnauthorizedError('login-required');
    const current = await this.read(userId);
    if (current && current.area_id === input.area_id && current.address === input.address && current.landmark === input.landmark) return current;
    await this.accounts.record(
      user,
      [{ type: 'DeliveryAddressSaved', data: { userId, areaId: input.area_id, address: input.address, landmark: input.landmark } }],
      meta,
      async (tx) => {
        await tx.query('UPDATE users SET delivery_area_id = $2, delivery_address = $3, delivery_landmark = $4 WHERE id = $1', [userId, input.area_id, input.address, input.landmark]);
      },
    );
    return this.read(userId);
  }
}
