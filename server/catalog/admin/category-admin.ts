import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { NotFoundError, ValidationFailedError } from '../../common/errors/domain-error';
import type { RequestMetadata } from '../../common/request/request-metadata';
import { categoryStreamId } from '../domain/catalog.events';
import { categoryDecider, type CategoryState, type ChangeCategory } from '../domain/category';
import { CatalogWriter, type Reservation } from '../write/catalog-writer';
import { slugify, type changeCategoryRequest, type createCategoryRequest } from './admin-catalog.requests';
import type { z } from 'zod';
import type { AdminCategory } from '../../../contracts/catalog-admin';

export type AdminCategoryResponse = AdminCategory;

/**
 * Categories: a two-level tree (a top category and its children), ordered by position. Moving a category
 * under another is checked against the tree as the read model has it.
 */
@Injectable()
export class CategoryAdmin {
  constructor(
    private readonly writer: CatalogWriter,
    private readonly dataSource: DataSource,
  ) {}

  async list(): Promise<{ data: AdminCategoryResponse[]; tree: AdminCategoryResponse[] }> {
    const rows: Array<Omit<AdminCategoryResponse, 'version'> & { version: number | null }> = await this.dataSource.query(
      `SELECT c.id, c.name, c.slug, c.parent_id, c.position,
              (SELECT count(*)::int FROM catalog_products p WHERE p.category_id = c.id) AS products,
              (SELECT max(stream_position) FROM events e WHERE e.stream_id = 'category-' || c.id) AS version
         FROM categories c ORDER BY c.parent_id NULLS FIRST, c.position, c.id`,
    );
    const data = rows.map((row) => ({ ...row, version: row.version ?? 0 }));
    const tree = data.filter((row) => row.parent_id === null).map((top) => ({ ...top, children: data.filter((row) => row.parent_id === top.id) }));
    return { data, tree };
  }

  async create(input: z.output<typeof createCategoryRequest>, meta: RequestMetadata): Promise<AdminCategoryResponse> {
    const parentId = input.parent_id ?? null;
    if (parentId !== null) await this.requireTopCategory(parentId, null);
    const categoryId = await this.writer.nextId('category');
    const slug = input.slug ?? slugify(input.name);
    if (!slug) throw ValidationFailedError.field('slug', 'Give the category a slug of letters and digits.');
    const position = input.position ?? (await this.nextPosition(parentId));
    const reserve: Reservation[] = [{ kind: 'category-slug', value: slug, ownerId: categoryId, field: 'slug' }];
    const result = await this.writer.write({
      streamId: categoryStreamId(categoryId),
      decider: categoryDecider,
      noun: 'category',
      meta,
      reserve,
      command: { type: 'CreateCategory', data: { categoryId, name: input.name, slug, parentId, position } },
    });
    return toResponse(result.state, result.version);
  }

  async change(id: number, input: z.output<typeof changeCategoryRequest>, expectedVersion: number | undefined, meta: RequestMetadata): Promise<AdminCategoryResponse> {
    if (input.parent_id !== undefined && input.parent_id !== null) await this.requireTopCategory(input.parent_id, id);
    if (input.parent_id !== undefined && input.parent_id !== null) {
      const children = await this.dataSource.query(`SELECT 1 FROM categories WHERE parent_id = $1 LIMIT 1`, [id]);
      if (children.length > 0) throw ValidationFailedError.field('parent_id', 'A category with sub-categories cannot be moved under another one.');
    }
    const reserve: Reservation[] = [];
    const result = await this.writer.write({
      streamId: categoryStreamId(id),
      decider: categoryDecider,
      noun: 'category',
      meta,
      expectedVersion,
      reserve,
      command: (state: CategoryState): ChangeCategory => {
        if (!state.exists) throw new NotFoundError('Category not found.');
        reserve.length = 0;
        if (input.slug !== undefined && input.slug !== state.slug) reserve.push({ kind: 'category-slug', value: input.slug, ownerId: id, field: 'slug' });
        return { type: 'ChangeCategory', data: { name: input.name, slug: input.slug, parentId: input.parent_id, position: input.position } };
      },
    });
    return toResponse(result.state, result.version);
  }

  private async requireTopCategory(parentId: number, self: number | null): Promise<void> {
    if (parentId === self) throw ValidationFailedError.field('parent_id', 'A category cannot be its own parent.');
    const rows: Array<{ parent_id: number | null }> = await this.dataSource.query(`SELECT parent_id FROM categories WHERE id = $1`, [parentId]);
    if (rows.length === 0) throw ValidationFailedError.field('parent_id', 'Choose a parent category that exists.');
    if (rows[0].parent_id !== null) throw ValidationFailedError.field('parent_id', 'Choose a top-level category as the parent (the tree has two levels).');
  }

  private async nextPosition(parentId: number | null): Promise<number> {
    const [{ next }] = await this.dataSource.query(
      `SELECT coalesce(max(position), 0) + 1 AS next FROM categories WHERE parent_id IS NOT DISTINCT FROM $1::int`,
      [parentId],
    );
    return Number(next);
  }
}

function toResponse(state: CategoryState, version: number): AdminCategoryResponse {
  return { id: state.categoryId, name: state.name, slug: state.slug, parent_id: state.parentId, position: state.position, products: 0, version };
}
