import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { Roles } from '../../common/auth/roles.decorator';
import { NotFoundError } from '../../common/errors/domain-error';
import { RequestMeta, type RequestMetadata } from '../../common/request/request-metadata';
import { parseOrThrow } from '../../common/validation/zod-validation.pipe';
import { says } from '../../common/validation/rule-message';
import { brandDecider } from '../domain/brand';
import { brandStreamId } from '../domain/catalog.events';
import { CatalogWriter } from '../write/catalog-writer';

export interface BrandResponse {
  id: number;
  name: string;
  description: string;
  status: 0 | 1;
}

export const brandIdParameter = z.string().regex(/^\d{1,9}$/, says('field-whole-number', { field: 'brand id' })).transform(Number);

export const saveBrandRequest = z.object({
  id: z.preprocess((value) => (value === '' || value === null ? undefined : String(value)), brandIdParameter.optional()),
  name: z
    .string({ error: says('name-required') })
    .trim()
    .min(1, says('name-required'))
    .max(100, says('field-too-long', { field: 'name', max: 100 })),
  description: z.preprocess(
    (value) => value ?? '',
    z.string({ error: says('field-not-text', { field: 'description' }) }).trim().max(2_000, says('field-too-long', { field: 'description', max: 2000 })),
  ),
  status: z.preprocess(
    (value) => (typeof value === 'string' ? Number(value) : value),
    z.union([z.literal(0), z.literal(1)], { error: says('brand-status-invalid') }),
  ),
});

/**
 * The specification's brand screens (list, add, edit, delete), admin only. Paths and the GET delete are the
 * specification's; the bearer token in a header, not a cookie, keeps the GET from being triggered by a link.
 * Each brand is a `brand-<id>` stream (BrandSaved, BrandDeleted); the `brands` table is the catalog projection's.
 */
@Controller('brands')
@Roles('admin')
export class BrandsController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly writer: CatalogWriter,
  ) {}

  @Get('allbrandlist')
  async list(): Promise<{ data: BrandResponse[] }> {
    return { data: await this.dataSource.query(`SELECT id, name, description, status FROM brands ORDER BY name, id`) };
  }

  @Get('brandrow/:id')
  async row(@Param('id') id: string): Promise<{ data: BrandResponse }> {
    return { data: await this.find(parseOrThrow(brandIdParameter, id)) };
  }

  @Post('save')
  @HttpCode(200)
  async save(@Body() body: unknown, @RequestMeta() meta: RequestMetadata): Promise<{ success: true; message: string; data: BrandResponse }> {
    const brand = parseOrThrow(saveBrandRequest, body);
    const create = brand.id === undefined;
    const brandId = brand.id ?? (await this.writer.nextId('brand'));
    const result = await this.writer.write({
      streamId: brandStreamId(brandId),
      decider: brandDecider,
      noun: 'brand',
      meta,
      command: { type: 'SaveBrand', data: { brandId, name: brand.name, description: brand.description, status: brand.status, create } },
    });
    const { brandId: id, name, description, status } = result.state;
    return { success: true, message: create ? 'Brand added.' : 'Brand updated.', data: { id, name, description, status } };
  }

  @Get('delete/:id')
  async delete(@Param('id') id: string, @RequestMeta() meta: RequestMetadata): Promise<{ success: true; message: string }> {
    const brandId = parseOrThrow(brandIdParameter, id);
    await this.writer.write({ streamId: brandStreamId(brandId), decider: brandDecider, noun: 'brand', meta, command: { type: 'DeleteBrand' } });
    return { success: true, message: 'Brand deleted.' };
  }

  private async find(id: number): Promise<BrandResponse> {
    const rows: BrandResponse[] = await this.dataSource.query(`SELECT id, name, description, status FROM brands WHERE id = $1`, [id]);
    if (rows.length === 0) throw new NotFoundError('brand-not-found');
    return rows[0];
  }
}
