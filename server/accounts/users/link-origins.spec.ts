import { LinkOrigins } from './link-origins';

describe('LinkOrigins', () => {
  const origins = new LinkOrigins({ appOrigins: ['https://shop.example.com', 'http://localhost:5173'] });

  it('uses the page origin when it is allowed', () => {
    expect(origins.resolve('http://localhost:5173')).toBe('http://localhost:5173');
    expect(origins.resolve('http://localhost:5173/forget-password')).toBe('http://localhost:5173');
  });

  it('falls back to the first origin for a foreign, malformed or missing host', () => {
    expect(origins.resolve('https://evil.example.net')).toBe('https://shop.example.com');
    expect(origins.resolve('https://shop.example.com.evil.net')).toBe('https://shop.example.com');
    expect(origins.resolve('javascript:alert(1)')).toBe('https://shop.example.com');
    expect(origins.resolve(undefined)).toBe('https://shop.example.com');
  });
});
