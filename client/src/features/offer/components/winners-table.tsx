import type { PublicOffer } from '../types';

/** The winners of a held draw: prize, winning lucky-draw token, the holder's phone masked. */
export function WinnersTable({ offer }: { offer: PublicOffer }) {
  if (offer.winners.length === 0) return <p>No winners: no token was eligible for this draw.</p>;
  return (
    <div className="winners-table__scroll">
      <table className="winners-table">
        <caption className="visually-hidden">Winners of {offer.name}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Prize</th>
            <th scope="col">Amount</th>
            <th scope="col">Lucky-draw token</th>
            <th scope="col">Phone</th>
          </tr>
        </thead>
        <tbody>
          {offer.winners.map((winner) => (
            <tr key={winner.slot}>
              <td>{winner.slot}</td>
              <td>{winner.label}</td>
              <td>৳ {winner.amount.toLocaleString('en-US')}</td>
              <td>
                <code>{winner.token}</code>
              </td>
              <td>{winner.phone ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
