import { hasEmptyField, whatsAppLink } from './whatsapp-link';

const message = { firstname: 'Rahim', lastname: 'Uddin', number: '01711111111', email: 'r@x.com', message: 'Do you have XXL?' };

describe('contact message', () => {
  it('opens a wa.me chat with the store number digits and the whole message', () => {
    const link = new URL(whatsAppLink('+880 1711-000000', message));
    expect(link.origin + link.pathname).toBe('https://wa.me/8801711000000');
    expect(link.searchParams.get('text')).toBe('Name: Rahim Uddin\nPhone: 01711111111\nEmail: r@x.com\n\nDo you have XXL?');
  });

  it('needs all five fields', () => {
    expect(hasEmptyField(message)).toBe(false);
    expect(hasEmptyField({ ...message, lastname: ' ' })).toBe(true);
  });
});
