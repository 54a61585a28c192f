import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { Roles } from '../../common/auth/roles.decorator';
import { NotFoundError } from '../../common/errors/domain-error';
import { parseOrThrow } from '../../common/validation/zod-validation.pipe';

export interface BrandResponse {
  id: number;
  name: string;
  description: string;
  status: 0 | 1;
}

export const brandId = z.string().regex(/^\d{1,9}$/, 'The brand id must be a whole number.').transform(Number);

export const saveBrandRequest = z.object({
  id: z.preprocess((value) => (value === '' || value === null ? undefined : String(value)), brandId.optional()),
  name: z
    .string({ error: 'The name field is required.' })
    .trim()
    .min(1, 'The name field is required.')
    .max(100, 'The name may have at most 100 characters.'),
  description: z.preprocess(
    (value) => value ?? '',
    z.string({ error: 'The description must be text.' }).trim().max(2_000, 'The description may have at most 2000 characters.'),
  ),
  status: z.preprocess(
    (value) => (typeof value === 'string' ? Number(value) : value),
    z.union([z.literal(0), z.literal(1)], { error: 'The status must be 1 (active) or 0 (inactive).' }),
  ),
});

/**
 * The specification's brand screens (list, add, edit, delete), admin only. Paths and the GET delete are the
 * specification's; the bearer token in a header, not a cookie, keeps the GET from being triggered by a link.
 */
@Controller('brands')
@Roles('admin')
export class BrandsController {
  constructor(private readonly dataSource: DataSource) {}

  @Get('allbrandlist')
  async list(): Promise<{ data: BrandResponse[] }> {
    return { data: await this.dataSource.query(`SELECT id, name, description, status FROM brands ORDER BY name, id`) };
  }

  @Get('brandrow/:id')
  async row(@Param('id') id: string): Promise<{ data: BrandResponse }> {
    return { data: await this.find(parseOrThrow(brandId, id)) };
  }

  @Post('save')
  @HttpCode(200)
  async save(@Body() body: unknown): Promise<{ success: true; message: string; data: BrandResponse }> {
    const brand = parseOrThrow(saveBrandRequest, body);
    if (brand.id === undefined) {
      const [created] = await this.dataSource.query(
        `INSERT INTO brands (name, description, status) VALUES ($1, $2, $3) RETURNING id, name, description, status`,
        [brand.name, brand.description, brand.status],
      );
      return { success: true, message: 'Brand added.', data: created };
    }
    // TypeORM answers an UPDATE or DELETE with [rows, affected count].
    const [updatedRows]: [BrandResponse[], number] = await this.dataSource.query(
      `UPDATE brands SET name = $2, description = $3, status = $4, updated_at = now() WHERE id = $1
       RETURNING id, name, description, status`,
      [brand.id, brand.name, brand.description, brand.status],
    );
    const [updated] = updatedRows;
    if (!updated) throw new NotFoundError('Brand not found.');
    return { success: true, message: 'Brand updated.', data: updated };
  }

  @Get('delete/:id')
  async delete(@Param('id') id: string): Promise<{ success: true; message: string }> {
    const [, deleted]: [unknown[], number] = await this.dataSource.query(`DELETE FROM brands WHERE id = $1`, [parseOrThrow(brandId, id)]);
    if (deleted === 0) throw new NotFoundError('Brand not found.');
    return { success: true, message: 'Brand deleted.' };
  }

  private async find(id: number): Promise<BrandResponse> {
    const rows: BrandResponse[] = await this.dataSource.query(`SELECT id, name, description, status FROM brands WHERE id = $1`, [id]);
    if (rows.length === 0) throw new NotFoundError('Brand not found.');
    return rows[0];
  }
}
