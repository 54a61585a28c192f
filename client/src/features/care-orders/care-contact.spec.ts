import { cashToCollect, telLink, whatsAppLink } from './care-contact';

describe('care\'s contact links and the cash to collect (issue 31)', () => {
  it('links a Bangladeshi mobile number to a call and to WhatsApp with the country code, and nothing else to WhatsApp', () => {
    expect(telLink('01711-234567')).toBe('tel:01711234567');
    expect(whatsAppLink('+880 1711 234567')).toBe('https://wa.me/8801711234567');
    expect(whatsAppLink('029876543')).toBeNull();
    expect(telLink(null)).toBeNull();
  });

  it('collects a cash order\'s total, less a paid advance; nothing for bKash; an instant order\'s due', () => {
    const online = { order_type: 1, paymentMethod: 'cash', grand_total: 1380, due: null, advance_required: undefined };
    expect(cashToCollect(online)).toBe(1380);
    expect(cashToCollect({ ...online, paymentMethod: 'bkash' })).toBe(0);
    expect(cashToCollect({ ...online, advance_required: 200, due: 1180 })).toBe(1180);
    expect(cashToCollect({ ...online, order_type: 2, paymentMethod: null, grand_total: null, due: 450 })).toBe(450);
  });
});
