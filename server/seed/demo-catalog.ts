import type { TeeCut } from './tshirt-svg';

/**
 * The demo catalog as data: two parent categories with four children each, eight t-shirts per child.
 * Prices are whole Taka here (converted to paisa when stored); a product without `xxl: false` comes in S-XXL.
 */
export interface DemoCategory {
  name: string;
  slug: string;
  children: DemoChildCategory[];
}

export interface DemoChildCategory {
  name: string;
  slug: string;
  skuCode: string;
  cut: TeeCut;
  fabric: string;
  gsm: number;
  fit: string;
  /** Noun used in the full name, e.g. "Graphic T-Shirt". */
  kind: string;
  /** Crop tops stop at XL. */
  xxl: boolean;
  products: DemoProductLine[];
}

/** [name, colour name, colour hex, print text, price Taka, old price Taka or null, badge or null, options] */
export type DemoProductLine = [string, string, string, string, number, number | null, string | null, { xxl?: boolean }?];

const CARE = 'Machine wash cold inside out; do not bleach; iron on the reverse.';
export const DEMO_CARE_TEXT = CARE;

export const DEMO_CATEGORIES: DemoCategory[] = [
  {
    name: 'Men',
    slug: 'men',
    children: [
      {
        name: 'Graphic Tees', slug: 'men-graphic-tees', skuCode: 'MGT', cut: 'crew', fabric: '100% combed cotton', gsm: 180, fit: 'Regular fit',
        kind: 'Graphic T-Shirt', xxl: true,
        products: [
          ['Royal Bengal Tiger Tee', 'Charcoal', '#36454f', 'ROAR', 650, 850, 'Hot'],
          ['Dhaka Rickshaw Art Tee', 'Mustard', '#e1ad01', 'RICKSHAW', 690, null, 'New'],
          ["Cox's Bazar Sunset Tee", 'Coral', '#ff7f50', "COX'S BAZAR", 620, 750, 'Sale'],
          ['Retro Cassette Tee', 'Black', '#1c1c1c', 'PLAY', 590, null, null],
          ['Bandarban Trail Tee', 'Olive', '#708238', 'BANDARBAN', 640, null, null, { xxl: false }],
          ['Cricket Fever Tee', 'Bottle Green', '#006a4e', 'HOWZAT!', 700, 900, 'Hot'],
          ['Urban Skyline Tee', 'Navy', '#1f2a44', 'DHAKA CITY', 650, null, null],
          ['Code & Coffee Tee', 'Heather Grey', '#9aa0a6', '</> + CHA', 560, null, 'New'],
        ],
      },
      {
        name: 'Polo Shirts', slug: 'men-polo-shirts', skuCode: 'MPS', cut: 'polo', fabric: 'Cotton pique', gsm: 220, fit: 'Regular fit',
        kind: 'Polo Shirt', xxl: true,
        products: [
          ['Classic Pique Polo - Navy', 'Navy', '#1f2a44', 'TB', 950, 1150, 'Sale'],
          ['Classic Pique Polo - White', 'White', '#f5f5f5', 'TB', 950, null, null],
          ['Classic Pique Polo - Maroon', 'Maroon', '#800020', 'TB', 950, null, null, { xxl: false }],
          ['Tipped Collar Polo - Black', 'Black', '#1c1c1c', 'TB', 1050, null, 'New'],
          ['Tipped Collar Polo - Sky Blue', 'Sky Blue', '#87ceeb', 'TB', 1050, null, null],
          ['Slim Fit Stretch Polo - Charcoal', 'Charcoal', '#36454f', 'TB', 1190, 1450, 'Hot'],
          ['Slim Fit Stretch Polo - Olive', 'Olive', '#708238', 'TB', 1190, null, null, { xxl: false }],
          ['Jersey Henley Polo - Sand', 'Sand', '#c2b280', 'TB', 890, null, null],
        ],
      },
      {
        name: 'Plain Tees', slug: 'men-plain-tees', skuCode: 'MPT', cut: 'crew', fabric: '100% cotton single jersey', gsm: 160, fit: 'Regular fit',
        kind: 'Plain T-Shirt', xxl: true,
        products: [
          ['Essential Crew Neck Tee - Black', 'Black', '#1c1c1c', 'TB', 350, 450, 'Sale'],
          ['Essential Crew Neck Tee - White', 'White', '#f5f5f5', 'TB', 350, null, null],
          ['Essential Crew Neck Tee - Navy', 'Navy', '#1f2a44', 'TB', 380, null, null],
          ['Essential Crew Neck Tee - Grey Melange', 'Grey Melange', '#a7a9ac', 'TB', 380, null, null],
          ['Essential Crew Neck Tee - Maroon', 'Maroon', '#800020', 'TB', 380, null, null, { xxl: false }],
          ['Essential Crew Neck Tee - Bottle Green', 'Bottle Green', '#006a4e', 'TB', 380, null, 'New'],
          ['Essential V-Neck Tee - Black', 'Black', '#1c1c1c', 'TB', 390, null, null],
          ['Essential V-Neck Tee - White', 'White', '#f5f5f5', 'TB', 390, 450, null],
        ],
      },
      {
        name: 'Oversized', slug: 'men-oversized', skuCode: 'MOV', cut: 'oversized', fabric: '100% heavyweight cotton', gsm: 240, fit: 'Oversized drop-shoulder fit',
        kind: 'Oversized T-Shirt', xxl: true,
        products: [
          ['Oversized Drop Shoulder Tee - Black', 'Black', '#1c1c1c', 'TB', 850, null, null],
          ['Stay Wild Oversized Tee', 'Washed Sage', '#9caf88', 'STAY WILD', 990, 1250, 'Sale'],
          ['Street Samurai Oversized Tee', 'Off White', '#f1ede4', 'SAMURAI', 1050, null, 'New'],
          ['Acid Wash Oversized Tee - Grey', 'Acid Grey', '#6e6e6e', 'ACID', 1150, 1450, 'Hot'],
          ['Oversized Pocket Tee - Cream', 'Cream', '#f3e5c0', 'TB', 890, null, null],
          ['Heavyweight Boxy Tee - Brown', 'Brown', '#6f4e37', 'TB', 1250, null, null, { xxl: false }],
          ['Night Rider Oversized Tee', 'Midnight Blue', '#191970', 'NIGHT RIDER', 990, null, 'New'],
          ['Bangla Typography Oversized Tee', 'Black', '#1c1c1c', 'AMAR DESH', 1090, 1290, null],
        ],
      },
    ],
  },
  {
    name: 'Women',
    slug: 'women',
    children: [
      {
        name: 'Graphic Tees', slug: 'women-graphic-tees', skuCode: 'WGT', cut: 'crew', fabric: '100% combed cotton', gsm: 170, fit: 'Regular fit',
        kind: 'Graphic T-Shirt', xxl: true,
        products: [
          ['Shapla Bloom Tee', 'Blush Pink', '#f4a6b7', 'SHAPLA', 620, 780, 'Sale'],
          ['Butterfly Garden Tee', 'Lavender', '#b7a6d9', 'FLUTTER', 640, null, 'New'],
          ['Chai Time Tee', 'Cream', '#f3e5c0', 'CHAI TIME', 590, null, null],
          ['Moonlight Tee', 'Navy', '#1f2a44', 'LUNA', 620, null, null, { xxl: false }],
          ['Sunflower Smile Tee', 'Lemon', '#fff44f', 'SUNSHINE', 600, 700, null],
          ['Boho Paisley Tee', 'Terracotta', '#e2725b', 'PAISLEY', 650, null, 'Hot'],
          ['Kite Festival Tee', 'Sky Blue', '#87ceeb', 'SHAKRAIN', 640, null, null],
          ['Good Vibes Only Tee', 'White', '#f5f5f5', 'GOOD VIBES', 560, null, null],
        ],
      },
      {
        name: 'Crop Tops', slug: 'women-crop-tops', skuCode: 'WCT', cut: 'crop', fabric: 'Cotton rib with 5% elastane', gsm: 200, fit: 'Cropped slim fit',
        kind: 'Crop Top', xxl: false,
        products: [
          ['Ribbed Crop Top - Black', 'Black', '#1c1c1c', 'TB', 550, null, null],
          ['Ribbed Crop Top - White', 'White', '#f5f5f5', 'TB', 550, null, null],
          ['Ribbed Crop Top - Dusty Pink', 'Dusty Pink', '#dcae96', 'TB', 550, 650, 'Sale'],
          ['Boxy Crop Tee - Lilac', 'Lilac', '#c8a2c8', 'TB', 590, null, 'New'],
          ['Butterfly Print Crop Tee', 'Baby Pink', '#f4c2c2', 'FLY', 650, 750, null],
          ['Tie-Front Crop Top - Mint', 'Mint', '#98d7c2', 'TB', 620, null, 'New'],
          ['Cropped Baby Tee - Baby Blue', 'Baby Blue', '#a1caf1', 'TB', 490, null, null],
          ['Dream Big Slogan Crop Tee', 'Black', '#1c1c1c', 'DREAM BIG', 620, null, 'Hot'],
        ],
      },
      {
        name: 'Plain Tees', slug: 'women-plain-tees', skuCode: 'WPT', cut: 'crew', fabric: '95% cotton, 5% elastane', gsm: 160, fit: 'Slim fit',
        kind: 'Plain T-Shirt', xxl: true,
        products: [
          ['Everyday Slim Fit Tee - Black', 'Black', '#1c1c1c', 'TB', 390, null, null],
          ['Everyday Slim Fit Tee - White', 'White', '#f5f5f5', 'TB', 390, null, null],
          ['Everyday Slim Fit Tee - Rose', 'Rose', '#e8a0a8', 'TB', 420, 490, 'Sale'],
          ['Everyday Slim Fit Tee - Teal', 'Teal', '#008080', 'TB', 420, null, null, { xxl: false }],
          ['Everyday Slim Fit Tee - Mustard', 'Mustard', '#e1ad01', 'TB', 420, null, 'New'],
          ['Everyday Slim Fit Tee - Navy', 'Navy', '#1f2a44', 'TB', 420, null, null],
          ['Scoop Neck Tee - Grey Melange', 'Grey Melange', '#a7a9ac', 'TB', 450, null, null],
          ['Scoop Neck Tee - Wine', 'Wine', '#722f37', 'TB', 450, 520, null, { xxl: false }],
        ],
      },
      {
        name: 'Oversized', slug: 'women-oversized', skuCode: 'WOV', cut: 'oversized', fabric: '100% cotton French terry', gsm: 230, fit: 'Relaxed oversized fit',
        kind: 'Oversized T-Shirt', xxl: true,
        products: [
          ['Oversized Boyfriend Tee - Beige', 'Beige', '#d8c8a8', 'TB', 890, null, null],
          ['Oversized Tee - Pastel Green', 'Pastel Green', '#b2d8b2', 'TB', 890, null, 'New'],
          ['Self Love Club Oversized Tee', 'Lavender', '#b7a6d9', 'SELF LOVE', 990, 1200, 'Hot'],
          ['Oversized Longline Tee - Black', 'Black', '#1c1c1c', 'TB', 950, null, null],
          ['Tie-Dye Oversized Tee - Purple', 'Purple Tie-Dye', '#7b4ea3', 'TIE DYE', 1150, 1350, 'New'],
          ['Varsity 71 Oversized Tee', 'Heather Grey', '#9aa0a6', 'BD 71', 1050, null, null, { xxl: false }],
          ['Floral Back Print Oversized Tee', 'Off White', '#f1ede4', 'BLOOM', 1090, null, null],
          ['Oversized Pocket Tee - Lavender', 'Lavender', '#b7a6d9', 'TB', 890, 990, 'Sale'],
        ],
      },
    ],
  },
];
