import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PICTURE_VIEWS, productImageFile, type DemoProduct } from './demo-products';
import { teeSvg } from './tshirt-svg';

/**
 * Writes every demo picture to `<uploadsDir>/products/`. Always rewritten (same bytes each run): cheap, and
 * it repairs an uploads folder that was cleared while the database kept its rows.
 */
export async function writeProductImages(uploadsDir: string, products: DemoProduct[]): Promise<number> {
  const folder = join(uploadsDir, 'products');
  await mkdir(folder, { recursive: true });
  const files = products.flatMap((product) =>
    PICTURE_VIEWS.map((view) => writeFile(join(folder, productImageFile(product.slug, view)), teeSvg(product.picture, view))),
  );
  await Promise.all(files);
  return files.length;
}
