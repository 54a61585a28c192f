import { Body, Controller, Get, Headers, HttpCode, Param, Patch, Post, Query, Req, UseInterceptors } from '@nestjs/common';
import type { Request } from 'express';
import { z } from 'zod';
import { Roles } from '../../common/auth/roles.decorator';
import { RequestMeta, type RequestMetadata } from '../../common/request/request-metadata';
import { parseOrThrow } from '../../common/validation/zod-validation.pipe';
import { says } from '../../common/validation/rule-message';
import { PictureUploadInterceptor } from '../pictures/picture-upload.interceptor';
import { ProductPictures } from '../pictures/product-pictures';
import { changeProductRequest, createProductRequest, listProductsRequest, versionFromIfMatch, versionOnlyRequest } from '../admin/admin-catalog.requests';
import { ProductAdmin } from '../admin/product-admin';

const productId = z.string().regex(/^[1-9]\d{0,8}$/, says('field-whole-number', { field: 'product id' })).transform(Number);

/**
 * Products in the console. Admins change them (each change one or more events with the admin in their
 * metadata); care reads them. Money is Taka; a new product is a draft until it is published.
 */
@Controller('admin/products')
@Roles('care', 'admin')
export class AdminProductsController {
  constructor(
    private readonly products: ProductAdmin,
    private readonly pictures: ProductPictures,
  ) {}

  @Get()
  list(@Query() query: unknown) {
    const { page, search, category, category_id, status } = parseOrThrow(listProductsRequest, query);
    return this.products.list({ page, search, categoryId: category ?? category_id, status });
  }

  @Post()
  @Roles('admin')
  create(@Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    return this.products.create(parseOrThrow(createProductRequest, body), meta);
  }

  @Get(':id')
  get(@Param('id') id: string) {
    return this.products.get(parseOrThrow(productId, id));
  }

  @Patch(':id')
  @Roles('admin')
  change(@Param('id') id: string, @Body() body: unknown, @Headers('if-match') ifMatch: string | undefined, @RequestMeta() meta: RequestMetadata) {
    const input = parseOrThrow(changeProductRequest, body);
    return this.products.change(parseOrThrow(productId, id), input, input.version ?? versionFromIfMatch(ifMatch), meta);
  }

  @Post(':id/publish')
  @HttpCode(200)
  @Roles('admin')
  publish(@Param('id') id: string, @Body() body: unknown, @Headers('if-match') ifMatch: string | undefined, @RequestMeta() meta: RequestMetadata) {
    return this.setPublished(true, id, body, ifMatch, meta);
  }

  @Post(':id/unpublish')
  @HttpCode(200)
  @Roles('admin')
  unpublish(@Param('id') id: string, @Body() body: unknown, @Headers('if-match') ifMatch: string | undefined, @RequestMeta() meta: RequestMetadata) {
    return this.setPublished(false, id, body, ifMatch, meta);
  }

  @Get(':id/history')
  history(@Param('id') id: string) {
    return this.products.history(parseOrThrow(productId, id));
  }

  /** Multipart, field `image`: JPEG, PNG or WebP up to 5 MB; stored in three sizes and added as the last picture. */
  @Post(':id/images')
  @Roles('admin')
  @UseInterceptors(PictureUploadInterceptor)
  async upload(@Param('id') id: string, @Req() request: Request, @RequestMeta() meta: RequestMetadata) {
    const product = await this.products.get(parseOrThrow(productId, id));
    const file = (request as Request & { file?: { buffer: Buffer } }).file;
    const image = await this.pictures.store(file?.buffer);
    return this.products.addImage(product.id, image, meta);
  }

  private setPublished(published: boolean, id: string, body: unknown, ifMatch: string | undefined, meta: RequestMetadata) {
    const { version } = parseOrThrow(versionOnlyRequest, body);
    return this.products.publish(parseOrThrow(productId, id), published, meta, version ?? versionFromIfMatch(ifMatch));
  }
}
