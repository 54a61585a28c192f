/** Lucky-draw prizes (spec §9), cash in taka, each with a guaranteed discount of up to 10%. */
export const OFFER_PRIZES = [
  { rank: '১ম পুরস্কার', english: '1st prize', winners: 1, amount: 10000 },
  { rank: '২য় পুরস্কার', english: '2nd prize', winners: 2, amount: 5000 },
  { rank: '৩য় পুরস্কার', english: '3rd prize', winners: 5, amount: 2000 },
  { rank: '৪র্থ পুরস্কার', english: '4th prize', winners: 10, amount: 1000 },
  { rank: '৫ম পুরস্কার', english: '5th prize', winners: 20, amount: 500 },
];

import { formatNumber, getLocale } from '../../../lib/i18n/locale';

export function PrizeBoxes() {
  return (
    <ul className="prizes">
      {OFFER_PRIZES.map((prize) => (
        <li key={prize.english} className="prize" lang="bn">
          <span className="prize__rank">{prize.rank}</span>
          <span className="prize__amount">৳ {getLocale() === 'en' ? prize.amount.toLocaleString('en-US') : formatNumber(prize.amount)}</span>
          <span className="prize__winners">{formatNumber(prize.winners)} জন বিজয়ী</span>
          <span className="prize__extra">সাথে ১০% পর্যন্ত নিশ্চিত ছাড়</span>
          {getLocale() === 'en' && (
            <span className="visually-hidden" lang="en">
              {prize.english}: {prize.winners} winner{prize.winners > 1 ? 's' : ''}, {prize.amount} taka, and a guaranteed discount of up to 10%.
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
