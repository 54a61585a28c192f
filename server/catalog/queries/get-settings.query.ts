import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { SettingResponse } from '../../../contracts/catalog';
import { NotFoundError } from '../../common/errors/domain-error';
import { paisaToTaka } from '../../common/money';

export type { SettingResponse };

export class GetSettingsQuery extends Query<SettingResponse> {}

@QueryHandler(GetSettingsQuery)
export class GetSettingsHandler implements IQueryHandler<GetSettingsQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute(): Promise<SettingResponse> {
    const rows = await this.dataSource.query(`SELECT * FROM settings WHERE id = 1`);
    if (rows.length === 0) throw new NotFoundError('store-not-set-up');
    const [row] = rows;
    return {
      name: row.name,
      description: row.description,
      fblink: row.fblink,
      email: row.email,
      whatsApp: row.whatsapp,
      address: row.address,
      currency: row.currency,
      devliery_charge: paisaToTaka(row.devliery_charge_paisa),
      devliery_charge_inside_dhk: paisaToTaka(row.devliery_charge_inside_dhk_paisa),
      devliery_charge_outside_dhk: paisaToTaka(row.devliery_charge_outside_dhk_paisa),
      bkash_number: row.bkash_number,
      hotline: row.hotline || row.whatsapp,
      delivery_time_inside_dhaka: row.delivery_time_inside_dhaka,
      delivery_time_outside_dhaka: row.delivery_time_outside_dhaka,
      return_days: row.return_days,
      low_stock_threshold: row.low_stock_threshold,
    };
  }
}
