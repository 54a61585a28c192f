import { randomBytes } from 'node:crypto';
import { loggableUrl } from './log-options';

describe('loggableUrl', () => {
  it.each([
    ['/forget-password-recover-email/Qk3vZr8TnW_pLxHyA9mJcE5sD7fGbNuVoKiRtYeXw2c', '/forget-password-recover-email/[token]'],
    ['/verify-email/mZ4q-Lr7XkPw9dTvBn2HcJ8sFy5GaEoUiRtWlQeNbVk', '/verify-email/[token]'],
    ['/Verify-Email/short?utm_source=mail', '/Verify-Email/[token]?utm_source=…'],
    ['/api/public/reset/AbCdEfGhIjKlMnOp1234', '/api/public/reset/[token]'],
    ['/api/public/verify/42/01755512345', '/api/public/verify/42/[digits]'],
    ['/api/public/shirin%40example.com', '/api/public/[redacted]'],
  ])('masks the secret in %s', (url, expected) => {
    expect(loggableUrl(url)).toBe(expected);
  });

  it('masks every token the store issues (32 random bytes, base64url)', () => {
    for (let i = 0; i < 200; i += 1) {
      const token = randomBytes(32).toString('base64url');
      expect(loggableUrl(`/forget-password-recover-email/${token}`)).not.toContain(token);
      expect(loggableUrl(`/some/page/${token}`)).not.toContain(token);
    }
  });

  it('keeps the words of a route and a product slug', () => {
    expect(loggableUrl('/find-account-using-phone')).toBe('/find-account-using-phone');
    expect(loggableUrl('/api/public/send-verifymail-forgetpassword')).toBe('/api/public/send-verifymail-forgetpassword');
    expect(loggableUrl('/product-details/classic-cotton-crew-neck-tee')).toBe('/product-details/classic-cotton-crew-neck-tee');
  });
});
