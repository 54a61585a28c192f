import { layout, type RenderedMail, type StoreIdentity } from './layout';

export interface WinnerMail {
  customerName: string;
  offerName: string;
  token: string;
  label: string;
  amountTaka: number;
}

/** The mail a winner of a lucky draw gets: which token won which prize, and where to see the result. */
export function luckyDrawWinnerMail(store: StoreIdentity, winner: WinnerMail): RenderedMail {
  const amount = `৳${winner.amountTaka.toLocaleString('en-US')}`;
  return layout(
    store,
    `You won the ${winner.label} (${amount}) of the ${store.name} lucky draw`,
    `Hello ${winner.customerName},`,
    [
      `Congratulations! Your lucky-draw token ${winner.token} won the ${winner.label} of "${winner.offerName}": ${amount}.`,
      'Our customer care team will call you on the phone number of your order to hand over the prize.',
    ],
    { label: 'See the winners', url: `${store.origin}/offer/winners` },
    'The draw can be checked by anyone: the winners page shows the seed, the list of tokens and how the winners were picked.',
  );
}
