import { Body, Controller, Get, Headers, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { Roles } from '../../common/auth/roles.decorator';
import { NotFoundError, ValidationFailedError } from '../../common/errors/domain-error';
import type { RequestMetadata } from '../../common/request/request-metadata';
import { RequestMeta } from '../../common/request/request-metadata';
import { parseOrThrow } from '../../common/validation/zod-validation.pipe';
import { says } from '../../common/validation/rule-message';
import { EventStore } from '../../event-store/event-store';
import { sanitizeDescriptionHtml } from '../description-html';
import { POST_PAGES, postStreamId, SETTINGS_STREAM } from '../domain/catalog.events';
import { postDecider } from '../domain/post';
import { settingsDecider } from '../domain/settings';
import { CatalogWriter } from '../write/catalog-writer';
import { changeCategoryRequest, createCategoryRequest, postRequest, versionFromIfMatch } from '../admin/admin-catalog.requests';
import { CategoryAdmin } from '../admin/category-admin';
import { settingsColumnsFrom, settingsRequest, settingsResponseFrom } from '../admin/settings-fields';
import { specChargesOf, withSpecCharges, zonesOfSettings } from '../areas/delivery-zones';
import { takaToPaisa } from '../../common/money';

const categoryId = z.string().regex(/^[1-9]\d{0,8}$/, says('field-whole-number', { field: 'category id' })).transform(Number);

/** Categories, store settings and info pages in the console: admins change them, care reads them. */
@Controller('admin')
@Roles('care', 'admin')
export class AdminStoreController {
  constructor(
    private readonly categories: CategoryAdmin,
    private readonly writer: CatalogWriter,
    private readonly eventStore: EventStore,
    private readonly dataSource: DataSource,
  ) {}

  @Get('categories')
  listCategories() {
    return this.categories.list();
  }

  @Post('categories')
  @Roles('admin')
  createCategory(@Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    return this.categories.create(parseOrThrow(createCategoryRequest, body), meta);
  }

  @Patch('categories/:id')
  @Roles('admin')
  changeCategory(@Param('id') id: string, @Body() body: unknown, @Headers('if-match') ifMatch: string | undefined, @RequestMeta() meta: RequestMetadata) {
    const input = parseOrThrow(changeCategoryRequest, body);
    return this.categories.change(parseOrThrow(categoryId, id), input, input.version ?? versionFromIfMatch(ifMatch), meta);
  }

  @Get('settings')
  async settings() {
    return this.readSettings();
  }

  /** Any of the settings (Taka for the delivery charges); the others keep their values. */
  @Put('settings')
  @HttpCode(200)
  @Roles('admin')
  async saveSettings(@Body() body: unknown, @Headers('if-match') ifMatch: string | undefined, @RequestMeta() meta: RequestMetadata) {
    const input = parseOrThrow(settingsRequest, body) as Record<string, unknown> & { version?: number };
    const columns = settingsColumnsFrom(input);
    await this.writer.write({
      streamId: SETTINGS_STREAM,
      decider: settingsDecider,
      noun: 'settings',
      meta,
      expectedVersion: input.version ?? versionFromIfMatch(ifMatch),
      command: (state) => {
        if (!state.exists && !columns.name) throw ValidationFailedError.field('name', 'field-required', { field: 'store name' });
        return { type: 'ChangeSettings', data: withZonesInStep(columns, state.settings) };
      },
    });
    return this.readSettings();
  }

  @Get('posts/:slug')
  async post(@Param('slug') slug: string) {
    const page = pageOf(slug);
    const history = await this.eventStore.readStream(postStreamId(slug));
    let state = postDecider.initialState();
    for (const event of history) state = postDecider.evolve(state, event as never);
    return { slug, category_id: page.categoryId, name: state.exists ? state.name : page.defaultName, html: sanitizeDescriptionHtml(state.html), version: history.length };
  }

  /** `{name?, html}`: the page's HTML is cleaned before it is recorded (and again when it is read). */
  @Put('posts/:slug')
  @HttpCode(200)
  @Roles('admin')
  async savePost(@Param('slug') slug: string, @Body() body: unknown, @Headers('if-match') ifMatch: string | undefined, @RequestMeta() meta: RequestMetadata) {
    const page = pageOf(slug);
    const input = parseOrThrow(postRequest, body);
    const raw = input.html ?? input.description_full;
    if (raw === undefined) throw ValidationFailedError.field('html', 'page-text-required');
    const html = sanitizeDescriptionHtml(raw);
    const result = await this.writer.write({
      streamId: postStreamId(slug),
      decider: postDecider,
      noun: 'page',
      meta,
      expectedVersion: input.version ?? versionFromIfMatch(ifMatch),
      command: (state) => ({ type: 'ChangePost', data: { slug, categoryId: page.categoryId, name: input.name ?? (state.exists ? state.name : page.defaultName), html } }),
    });
    return { slug, category_id: page.categoryId, name: result.state.name, html: result.state.html, version: result.version };
  }

  private async readSettings() {
    const [rows, version] = await Promise.all([this.dataSource.query(`SELECT * FROM settings WHERE id = 1`), this.eventStore.streamVersion(SETTINGS_STREAM)]);
    if (rows.length === 0) return { ...settingsResponseFrom({ currency: '৳' }), name: '', version };
    return { ...settingsResponseFrom(rows[0]), version };
  }
}

/**
 * The zones and the specification's two charges say the same (ADR 059): new zones write Dhaka city's charge and
 * the rest of the country's into `devliery_charge_inside_dhk` / `_outside_dhk`; a new inside or outside charge
 * is written into the zones the store has set (zones never set follow the two charges by themselves).
 */
export function withZonesInStep(sent: Record<string, string | number>, current: Record<string, string | number>): Record<string, string | number> {
  const columns = { ...sent };
  // The console's form sends every field: zones as they were are no change, and must not undo a new charge.
  if (typeof columns.delivery_zones === 'string' && columns.delivery_zones === JSON.stringify(zonesOfSettings(current))) delete columns.delivery_zones;
  if (typeof columns.delivery_zones === 'string') {
    const { insideTaka, outsideTaka } = specChargesOf(zonesOfSettings({ delivery_zones: columns.delivery_zones }));
    return { ...columns, devliery_charge_inside_dhk_paisa: takaToPaisa(insideTaka), devliery_charge_outside_dhk_paisa: takaToPaisa(outsideTaka) };
  }
  const inside = columns.devliery_charge_inside_dhk_paisa;
  const outside = columns.devliery_charge_outside_dhk_paisa;
  const stored = typeof current.delivery_zones === 'string' ? current.delivery_zones : '';
  if ((inside === undefined && outside === undefined) || stored.trim() === '') return columns;
  const zones = withSpecCharges(zonesOfSettings({ delivery_zones: stored }), {
    ...(inside !== undefined ? { insideTaka: Number(inside) / 100 } : {}),
    ...(outside !== undefined ? { outsideTaka: Number(outside) / 100 } : {}),
  });
  return { ...columns, delivery_zones: JSON.stringify(zones) };
}

function pageOf(slug: string) {
  const page = Object.prototype.hasOwnProperty.call(POST_PAGES, slug) ? POST_PAGES[slug] : undefined;
  if (!page) throw new NotFoundError('info-page-unknown', { slug: slug.slice(0, 40), pages: Object.keys(POST_PAGES).join(', ') });
  return page;
}
