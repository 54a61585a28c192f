import { ConflictError, NotFoundError, ValidationFailedError } from '../../common/errors/domain-error';
import { canonicalTokenList, commitmentOf, drawEntryOf, drawWinners, tokenListHash } from './draw-algorithm';
import { foldOffer, offerDecider, type OfferCommand } from './offer';
import { DEFAULT_PRIZES, type OfferEvent, type OfferTerms } from './offer.events';

const now = new Date('2026-12-01T10:00:00.000Z');
const terms: OfferTerms = {
  name: 'Winter lucky draw',
  startsAt: '2026-11-01T00:00:00.000Z',
  endsAt: '2026-12-01T00:00:00.000Z',
  prizes: DEFAULT_PRIZES,
  discountPercent: 10,
};
const SEED = 'f'.repeat(64);
const ENTRIES = 'e'.repeat(64);
const created: OfferEvent = { type: 'OfferCreated', data: { offerId: 'ABC234', at: '2026-10-20T00:00:00.000Z', ...terms } };
const committed: OfferEvent = { type: 'DrawCommitted', data: { offerId: 'ABC234', at: '2026-10-21T00:00:00.000Z', commitment: commitmentOf(SEED), entriesCommitment: ENTRIES } };
const list = ['K7M2P9QX-1', 'K7M2P9QX-2', 'ABCDEFGH-1'];
/** Each token with its entry (the key here is a stand-in: the server derives one per token from a secret). */
const eligible = list.map((token) => ({ token, entry: drawEntryOf(`key-of-${token}`, token) }));
const entries = canonicalTokenList(eligible.map(({ entry }) => entry));
const holders = entries.map((entry) => eligible.find((each) => each.entry === entry)!.token);
const closed: OfferEvent = {
  type: 'EligibleTokensPublished',
  data: { offerId: 'ABC234', at: '2026-12-01T01:00:00.000Z', tokensHash: tokenListHash(entries), tokens: entries, holders },
};
/** A list closed before issue 27: the tokens themselves. */
const closedInTheClear: OfferEvent = {
  type: 'EligibleTokensPublished',
  data: { offerId: 'ABC234', at: '2026-12-01T01:00:00.000Z', tokensHash: tokenListHash(list), tokens: canonicalTokenList(list) },
};

function given(...events: OfferEvent[]) {
  return {
    when(command: OfferCommand) {
      const run = () => offerDecider.decide(command, foldOffer(events));
      return {
        then: (...expected: OfferEvent[]) => expect(run()).toEqual(expected),
        thenRefuses: (type: new (...args: never[]) => Error, message?: string) => {
          expect(run).toThrow(type);
          if (message) expect(run).toThrow(message);
        },
      };
    },
  };
}

describe('offer decider', () => {
  it('creates an offer with valid terms', () => {
    given().when({ type: 'CreateOffer', data: { offerId: 'ABC234', now, terms } }).then({ type: 'OfferCreated', data: { offerId: 'ABC234', at: now.toISOString(), ...terms } });
  });

  it('refuses a discount above 10%, a period that ends before it starts, and an empty name, each on its field', () => {
    const run = () => offerDecider.decide({ type: 'CreateOffer', data: { offerId: 'ABC234', now, terms: { ...terms, name: ' ', discountPercent: 11, endsAt: terms.startsAt } } }, foldOffer([]));
    expect(run).toThrow(ValidationFailedError);
    try {
      run();
    } catch (error) {
      expect(Object.keys((error as ValidationFailedError).errors ?? {}).sort()).toEqual(['discount_percent', 'ends_at', 'name']);
    }
  });

  it('changes terms only before the draw is committed', () => {
    given(created).when({ type: 'ChangeOffer', data: { offerId: 'ABC234', now, changes: { discountPercent: 5 } } }).then({
      type: 'OfferChanged',
      data: { offerId: 'ABC234', at: now.toISOString(), ...terms, discountPercent: 5 },
    });
    given(created, committed).when({ type: 'ChangeOffer', data: { offerId: 'ABC234', now, changes: { discountPercent: 5 } } }).thenRefuses(ConflictError);
  });

  it('an unknown offer is not found', () => {
    given().when({ type: 'CommitDraw', data: { offerId: 'ABC234', now, commitment: commitmentOf(SEED), entriesCommitment: ENTRIES } }).thenRefuses(NotFoundError);
  });

  it('commits once, to the seed and to the key of the entries', () => {
    const commit: OfferCommand = { type: 'CommitDraw', data: { offerId: 'ABC234', now, commitment: commitmentOf(SEED), entriesCommitment: ENTRIES } };
    given(created).when(commit).then({ type: 'DrawCommitted', data: { offerId: 'ABC234', at: now.toISOString(), commitment: commitmentOf(SEED), entriesCommitment: ENTRIES } });
    given(created, committed).when(commit).thenRefuses(ConflictError);
  });

  it('closes only after the commitment and after the period, publishing the sorted entries (never the tokens) and their hash', () => {
    given(created).when({ type: 'CloseOffer', data: { offerId: 'ABC234', now, eligible } }).thenRefuses(ConflictError, 'Commit the draw');
    given(created, committed)
      .when({ type: 'CloseOffer', data: { offerId: 'ABC234', now: new Date('2026-11-30T23:59:59.000Z'), eligible } })
      .thenRefuses(ConflictError, 'not ended');
    given(created, committed)
      .when({ type: 'CloseOffer', data: { offerId: 'ABC234', now, eligible: [...eligible, eligible[0]!] } })
      .then({ type: 'EligibleTokensPublished', data: { offerId: 'ABC234', at: now.toISOString(), tokensHash: tokenListHash(entries), tokens: entries, holders } });
    expect(JSON.stringify(entries)).not.toContain('K7M2P9QX');
  });

  it('holds the draw with the committed seed only, once, by the published algorithm', () => {
    given(created, committed).when({ type: 'HoldDraw', data: { offerId: 'ABC234', now, seed: SEED } }).thenRefuses(ConflictError, 'Close the offer');
    given(created, committed, closed).when({ type: 'HoldDraw', data: { offerId: 'ABC234', now, seed: 'e'.repeat(64) } }).thenRefuses(ConflictError, 'commitment');
    // The winners are drawn from the published entries; each names, for the shop, the token it stands for.
    const winners = drawWinners(SEED, entries, DEFAULT_PRIZES).map((winner) => ({ ...winner, heldBy: holders[entries.indexOf(winner.token)] }));
    const held: OfferEvent = { type: 'DrawHeld', data: { offerId: 'ABC234', at: now.toISOString(), seed: SEED, winners } };
    given(created, committed, closed).when({ type: 'HoldDraw', data: { offerId: 'ABC234', now, seed: SEED } }).then(held);
    expect(winners.map((winner) => winner.heldBy).sort()).toEqual([...list].sort());
    given(created, committed, closed, held).when({ type: 'HoldDraw', data: { offerId: 'ABC234', now, seed: SEED } }).thenRefuses(ConflictError, 'already');
    // A list published before issue 27 is drawn as it was.
    given(created, committed, closedInTheClear)
      .when({ type: 'HoldDraw', data: { offerId: 'ABC234', now, seed: SEED } })
      .then({ type: 'DrawHeld', data: { offerId: 'ABC234', at: now.toISOString(), seed: SEED, winners: drawWinners(SEED, list, DEFAULT_PRIZES) } });
  });
});
