import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { BN_ERROR_MESSAGES } from '../../contracts/error-messages.bn';
import { fillPlaceholders } from '../../contracts/errors';
import { useStaffApiStore } from '../support/api-store';

/** CRC-32 as PNG chunks carry it. */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A valid, white, 1-bit greyscale PNG of `side` × `side`: a few KB that decode to side² pixels. */
function whitePng(side: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(Math.ceil(side / 8), 0xff)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: side }, () => row)), { level: 9 });
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * Issue 27: a PNG of 155 KB measuring 6,320 × 6,320 (40 Mpx, just under the old limit) was accepted and
 * decoded, 3.4 s of a core per upload. A picture may now have 25 Mpx, read from its header before any pixel is
 * decoded; more is a 422 with its own code.
 */
describe('picture upload: pixels', () => {
  const store = useStaffApiStore();
  const uploadedFiles = () => readdirSync(join(store.server.dataDir, 'uploads', 'products')).filter((name) => name.endsWith('.webp'));
  const upload = async (productId: number, bytes: Buffer) => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'tee.png');
    const response = await fetch(`${store.server.baseUrl}/api/admin/products/${productId}/images`, { method: 'POST', headers: { authorization: `Bearer ${store.tokens.admin}` }, body: form });
    return { status: response.status, body: await response.json() };
  };

  it('refuses a small file of 6,320 × 6,320 pixels from its header, with a 422 naming its size, and stores nothing', async () => {
    const [product] = store.products;
    const bomb = whitePng(6_320);
    expect(bomb.length).toBeLessThan(155 * 1024);
    expect(await sharp(bomb).metadata()).toMatchObject({ format: 'png', width: 6_320, height: 6_320 });
    const before = uploadedFiles();
    const answer = await upload(product.id, bomb);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      success: false,
      code: 'picture-too-many-pixels',
      params: { max: 25, width: 6_320, height: 6_320 },
      message: 'The picture is 6320 × 6320 pixels, more than 25 million. Please choose a smaller picture.',
      fields: { image: ['picture-too-many-pixels'] },
    });
    expect(fillPlaceholders(BN_ERROR_MESSAGES['picture-too-many-pixels'], answer.body.params)).toContain('6320 × 6320');
    expect(uploadedFiles()).toEqual(before);
  });

  it('reads the size from the header before decoding: the same header over pixels that would not decode is refused for its size', async () => {
    const [product] = store.products;
    const bomb = whitePng(6_320);
    const idat = bomb.indexOf(Buffer.from('IDAT')) + 4;
    const garbled = Buffer.concat([bomb.subarray(0, idat), Buffer.alloc(bomb.length - idat, 0x5a)]);
    expect((await upload(product.id, garbled)).body).toMatchObject({ code: 'picture-too-many-pixels' });
    // The same garbage under a header of a size that passes is decoded, and is unreadable.
    const small = whitePng(100);
    const smallIdat = small.indexOf(Buffer.from('IDAT')) + 4;
    expect((await upload(product.id, Buffer.concat([small.subarray(0, smallIdat), Buffer.alloc(200, 0x5a)]))).body).toMatchObject({ code: 'picture-unreadable' });
  });

  it('still takes a picture of 25 Mpx, the size of a camera photo', async () => {
    const [product] = store.products;
    const answer = await upload(product.id, whitePng(5_000));
    expect(answer.status).toBe(201);
    expect(answer.body.images.at(-1).img).toMatch(/^\/uploads\/products\/[0-9a-f]{20}-zoom\.webp$/);
  });
});
