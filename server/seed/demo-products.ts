import { DEMO_BENGALI } from './demo-bengali';
import { DEMO_CARE_TEXT, DEMO_CATEGORIES } from './demo-catalog';
import type { TeePicture } from './tshirt-svg';

export const DEMO_SIZES = ['S', 'M', 'L', 'XL', 'XXL'] as const;

/** A demo product ready to store: money in paisa, image URLs under /uploads/products/. */
export interface DemoProduct {
  slug: string;
  name: string;
  fullname: string;
  sku: string;
  pricePaisa: number;
  oldPricePaisa: number | null;
  badge: string | null;
  categorySlug: string;
  descriptionHtml: string;
  /** Only on the few products with a Bengali name and description (demo-bengali.ts). */
  nameBn?: string;
  descriptionBnHtml?: string;
  sizes: string[];
  picture: TeePicture;
  thumbnail: string;
  images: Array<{ img: string; thumb: string }>;
}

export const PICTURE_VIEWS = [1, 2, 3] as const;

export function productImageFile(slug: string, view: number): string {
  return `${slug}-${view}.svg`;
}

/** Expands the catalog data into products; pure and deterministic, so every run yields the same rows. */
export function demoProducts(): DemoProduct[] {
  return DEMO_CATEGORIES.flatMap((parent) =>
    parent.children.flatMap((child) =>
      child.products.map(([name, colour, hex, print, price, oldPrice, badge, options], index): DemoProduct => {
        const slug = `${parent.slug}-${slugify(name)}`;
        const xxl = options?.xxl ?? child.xxl;
        const images = PICTURE_VIEWS.map((view) => {
          const url = `/uploads/products/${productImageFile(slug, view)}`;
          return { img: url, thumb: url };
        });
        const plain = print === 'TB';
        const blurb = plain
          ? `A clean ${colour.toLowerCase()} ${child.kind.toLowerCase()} for every day, finished with a small woven Tee Bazaar label.`
          : `A ${colour.toLowerCase()} ${child.kind.toLowerCase()} with a screen-printed &ldquo;${escapeHtml(print)}&rdquo; design that keeps its colour wash after wash.`;
        return {
          slug,
          name,
          fullname: `${parent.name === 'Men' ? "Men's" : "Women's"} ${name}${name.includes(colour) ? '' : ` in ${colour}`} - ${child.gsm} GSM, ${child.fit.toLowerCase()}`,
          sku: `TB-${child.skuCode}-${String(index + 1).padStart(3, '0')}`,
          pricePaisa: price * 100,
          oldPricePaisa: oldPrice === null ? null : oldPrice * 100,
          badge,
          categorySlug: child.slug,
          descriptionHtml:
            `<p>${blurb}</p><ul>` +
            `<li><strong>Fabric:</strong> ${child.fabric}, ${child.gsm} GSM</li>` +
            `<li><strong>Fit:</strong> ${child.fit}</li>` +
            `<li><strong>Colour:</strong> ${colour}</li>` +
            `<li><strong>Care:</strong> ${DEMO_CARE_TEXT}</li></ul>`,
          sizes: xxl ? [...DEMO_SIZES] : DEMO_SIZES.filter((size) => size !== 'XXL'),
          picture: { colour: hex, cut: child.cut, print, label: name },
          thumbnail: images[0].thumb,
          images,
          ...DEMO_BENGALI[slug],
        };
      }),
    ),
  );
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function escapeHtml(text: string): string {
  return text.replace(/[<>&"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[ch]!);
}
