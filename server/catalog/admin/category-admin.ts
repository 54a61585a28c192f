import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { NotFoundError, ValidationFailedError } from '../../common/errors/domain-error';
import type { RequestMetadata } from '../../common/request/request-metadata';
import { CATEGORY_TREE_STREAM, categoryStreamId, type CategoryPlaced } from '../domain/catalog.events';
import type { WriteAttempt } from '../../event-store/command-path/command-path';
import type { StreamEvents } from '../../event-store/command-path/decider';
import { categoryDecider, type CategoryState, type ChangeCategory } from '../domain/category';
import { CatalogWriter, type Reservation } from '../write/catalog-writer';
import { slugify, type changeCategoryRequest, type createCategoryRequest } from './admin-catalog.requests';
import type { z } from 'zod';
import type { AdminCategory } from '../../../contracts/catalog-admin';

export type AdminCategoryResponse = AdminCategory;

/**
 * Categories: a two-level tree (a top category and its children), ordered by position. Placing a category
 * under another is checked inside the write, one placement at a time (`placeInTree`).
 */
@Injectable()
export class CategoryAdmin {
  constructor(
    private readonly writer: CatalogWriter,
    private readonly dataSource: DataSource,
  ) {}

  async list(): Promise<{ data: AdminCategoryResponse[]; tree: AdminCategoryResponse[] }> {
    const rows: Array<Omit<AdminCategoryResponse, 'version'> & { version: number | null }> = await this.dataSource.query(
      `SELECT c.id, c.name, c.name_bn, c.slug, c.parent_id, c.position,
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
    const categoryId = await this.writer.nextId('category');
    const slug = input.slug ?? slugify(input.name);
    if (!slug) throw ValidationFailedError.field('slug', 'category-slug-required');
    const position = input.position ?? (await this.nextPosition(parentId));
    const reserve: Reservation[] = [{ kind: 'category-slug', value: slug, ownerId: categoryId, field: 'slug' }];
    const result = await this.writer.write({
      streamId: categoryStreamId(categoryId),
      decider: categoryDecider,
      noun: 'category',
      meta,
      reserve,
      guard: parentId === null ? undefined : (attempt) => this.placeInTree(attempt, categoryId, parentId, false),
      command: { type: 'CreateCategory', data: { categoryId, name: input.name, slug, parentId, position, nameBn: input.name_bn ?? null } },
    });
    return toResponse(result.state, result.version);
  }

  async change(id: number, input: z.output<typeof changeCategoryRequest>, expectedVersion: number | undefined, meta: RequestMetadata): Promise<AdminCategoryResponse> {
    const parentId = input.parent_id;
    const reserve: Reservation[] = [];
    const result = await this.writer.write({
      streamId: categoryStreamId(id),
      decider: categoryDecider,
      noun: 'category',
      meta,
      expectedVersion,
      reserve,
      guard: parentId === undefined || parentId === null ? undefined : (attempt) => this.placeInTree(attempt, id, parentId, true),
      command: (state: CategoryState): ChangeCategory => {
        if (!state.exists) throw new NotFoundError('category-not-found');
        reserve.length = 0;
        if (input.slug !== undefined && input.slug !== state.slug) reserve.push({ kind: 'category-slug', value: input.slug, ownerId: id, field: 'slug' });
        return { type: 'ChangeCategory', data: { name: input.name, slug: input.slug, parentId: input.parent_id, position: input.position, nameBn: input.name_bn } };
      },
    });
    return toResponse(result.state, result.version);
  }

  /**
   * The tree rules, checked inside the write against the events (not the read model, which may lag): the
   * parent exists and is a top category, and a moved category has no children. The placement is appended to
   * the one `category-tree` stream at the version read, so two moves at once (X under Y, Y under X) are
   * decided one after the other and the second sees the first.
   */
  private async placeInTree(attempt: WriteAttempt, categoryId: number, parentId: number, moving: boolean): Promise<StreamEvents[]> {
    if (parentId === categoryId) throw ValidationFailedError.field('parent_id', 'category-own-parent');
    const loaded = await attempt.load([CATEGORY_TREE_STREAM, categoryStreamId(parentId)]);
    const parent = loaded.get(categoryStreamId(parentId))!.state as CategoryState;
    if (!parent.exists) throw ValidationFailedError.field('parent_id', 'category-parent-unknown');
    if (parent.parentId !== null) throw ValidationFailedError.field('parent_id', 'category-parent-not-top');
    if (moving) {
      const children = await this.dataSource.query(
        `SELECT 1 FROM (SELECT DISTINCT ON (stream_id) stream_id,
                               CASE type WHEN 'CategoryCreated' THEN data->'parentId' ELSE data->'changes'->'parentId' END AS parent
                          FROM events
                         WHERE type IN ('CategoryCreated', 'CategoryChanged') AND (type = 'CategoryCreated' OR data->'changes' ? 'parentId')
                         ORDER BY stream_id, stream_position DESC) AS placed
          WHERE placed.parent = to_jsonb($1::int) LIMIT 1`,
        [categoryId],
      );
      if (children.length > 0) throw ValidationFailedError.field('parent_id', 'category-has-children');
    }
    return [{ streamId: CATEGORY_TREE_STREAM, events: [{ type: 'CategoryPlaced', data: { categoryId, parentId } satisfies CategoryPlaced['data'] }] }];
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
  return { id: state.categoryId, name: state.name, name_bn: state.nameBn ?? null, slug: state.slug, parent_id: state.parentId, position: state.position, products: 0, version };
}
