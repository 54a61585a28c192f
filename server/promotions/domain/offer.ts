import { ConflictError, issue, NotFoundError, ValidationFailedError, type FieldIssue, type FieldIssues } from '../../common/errors/domain-error';
import { canonicalTokenList, commitmentOf, drawWinners, tokenListHash, type DrawWinner, type PrizeTier } from './draw-algorithm';
import { MAX_DISCOUNT_PERCENT, type OfferEvent, type OfferTerms } from './offer.events';

export type OfferStatus = 'open' | 'committed' | 'closed' | 'drawn';

export type OfferState =
  | { exists: false }
  | {
      exists: true;
      offerId: string;
      status: OfferStatus;
      terms: OfferTerms;
      commitment: string | null;
      tokens: string[] | null;
      /** The token each published entry stands for (same order); null when the list is the tokens themselves. */
      holders: string[] | null;
      winners: DrawWinner[] | null;
    };

type Cmd<T extends string, D = object> = { type: T; data: { offerId: string; now: Date } & D };

export type CreateOffer = Cmd<'CreateOffer', { terms: OfferTerms }>;
export type ChangeOffer = Cmd<'ChangeOffer', { changes: Partial<OfferTerms> }>;
export type CommitDraw = Cmd<'CommitDraw', { commitment: string; entriesCommitment: string }>;
/** `eligible`: each eligible token with its entry in this draw (`drawEntryOf`). */
export type CloseOffer = Cmd<'CloseOffer', { eligible: Array<{ token: string; entry: string }> }>;
export type HoldDraw = Cmd<'HoldDraw', { seed: string }>;
export type OfferCommand = CreateOffer | ChangeOffer | CommitDraw | CloseOffer | HoldDraw;

function evolve(state: OfferState, event: OfferEvent): OfferState {
  switch (event.type) {
    case 'OfferCreated':
    case 'OfferChanged': {
      const { offerId, at: _at, ...terms } = event.data;
      if (event.type === 'OfferCreated') return { exists: true, offerId, status: 'open', terms, commitment: null, tokens: null, holders: null, winners: null };
      return state.exists ? { ...state, terms } : state;
    }
    case 'DrawCommitted':
      return state.exists ? { ...state, status: 'committed', commitment: event.data.commitment } : state;
    case 'EligibleTokensPublished':
      return state.exists ? { ...state, status: 'closed', tokens: event.data.tokens, holders: event.data.holders ?? null } : state;
    case 'DrawHeld':
      return state.exists ? { ...state, status: 'drawn', winners: event.data.winners } : state;
  }
}

/**
 * Every rule of an offer: terms are valid (a name, a period that ends after it starts, a prize table, a
 * discount of at most 10%); terms change only before the draw is committed; the commitment is made once, the
 * offer closes only after its period ended and after the commitment, and the draw is held once, with the
 * seed whose hash was committed, by the one algorithm of `draw-algorithm.ts`.
 */
function decide(command: OfferCommand, state: OfferState): OfferEvent[] {
  const at = command.data.now.toISOString();
  const { offerId } = command.data;
  if (command.type === 'CreateOffer') {
    if (state.exists) throw new ConflictError('offer-exists');
    return [{ type: 'OfferCreated', data: { offerId, at, ...validTerms(command.data.terms) } }];
  }
  if (!state.exists) throw new NotFoundError('offer-not-found');
  switch (command.type) {
    case 'ChangeOffer':
      if (state.status !== 'open') throw new ConflictError('offer-committed');
      return [{ type: 'OfferChanged', data: { offerId, at, ...validTerms({ ...state.terms, ...command.data.changes }) } }];
    case 'CommitDraw':
      if (state.status !== 'open') throw new ConflictError('offer-already-committed');
      if (![command.data.commitment, command.data.entriesCommitment].every((hash) => /^[0-9a-f]{64}$/.test(hash))) throw new Error('a commitment is a SHA-256 in lowercase hex');
      return [{ type: 'DrawCommitted', data: { offerId, at, commitment: command.data.commitment, entriesCommitment: command.data.entriesCommitment } }];
    case 'CloseOffer': {
      if (state.status === 'open') throw new ConflictError('offer-close-uncommitted');
      if (state.status !== 'committed') throw new ConflictError('offer-already-closed');
      if (command.data.now.getTime() < Date.parse(state.terms.endsAt)) throw new ConflictError('offer-not-ended');
      // Published: the entries, never the tokens (issue 27). The list is drawn from in the entries' order.
      const holderOf = new Map(command.data.eligible.map(({ token, entry }) => [entry, token]));
      const tokens = canonicalTokenList(holderOf.keys());
      return [{ type: 'EligibleTokensPublished', data: { offerId, at, tokensHash: tokenListHash(tokens), tokens, holders: tokens.map((entry) => holderOf.get(entry)!) } }];
    }
    case 'HoldDraw': {
      if (state.status === 'drawn') throw new ConflictError('offer-already-drawn');
      if (state.status !== 'closed') throw new ConflictError('offer-not-closed');
      const { seed } = command.data;
      if (commitmentOf(seed) !== state.commitment) throw new ConflictError('seed-not-committed');
      const tokens = state.tokens ?? [];
      const holders = state.holders;
      const winners = drawWinners(seed, tokens, state.terms.prizes).map((winner) => (holders ? { ...winner, heldBy: holders[tokens.indexOf(winner.token)] } : winner));
      return [{ type: 'DrawHeld', data: { offerId, at, seed, winners } }];
    }
  }
}

export const offerDecider = { initialState: (): OfferState => ({ exists: false }), evolve, decide };

export function foldOffer(events: Iterable<OfferEvent>): OfferState {
  let state = offerDecider.initialState();
  for (const event of events) state = evolve(state, event);
  return state;
}

/** The terms with their rules checked; every broken rule is reported on its field (422). */
export function validTerms(terms: OfferTerms): OfferTerms {
  const errors: FieldIssues = {};
  const fail = (field: string, problem: FieldIssue) => (errors[field] ??= []).push(problem);
  const name = typeof terms.name === 'string' ? terms.name.trim() : '';
  if (!name) fail('name', issue('offer-name-required'));
  else if (name.length > 120) fail('name', issue('at-most-characters', { max: 120 }));
  const starts = Date.parse(terms.startsAt);
  const ends = Date.parse(terms.endsAt);
  if (Number.isNaN(starts)) fail('starts_at', issue('offer-start-invalid'));
  if (Number.isNaN(ends)) fail('ends_at', issue('offer-end-invalid'));
  else if (!Number.isNaN(starts) && ends <= starts) fail('ends_at', issue('offer-end-before-start'));
  const percent = terms.discountPercent;
  if (!Number.isInteger(percent) || percent < 0 || percent > MAX_DISCOUNT_PERCENT) {
    fail('discount_percent', issue('offer-discount-invalid', { max: MAX_DISCOUNT_PERCENT }));
  }
  const prizes = Array.isArray(terms.prizes) ? terms.prizes : [];
  if (prizes.length === 0 || prizes.length > 10) fail('prizes', issue('prize-ranks-count'));
  const ranks = new Set<number>();
  prizes.forEach((prize: PrizeTier, index) => {
    if (!Number.isInteger(prize.rank) || prize.rank < 1 || ranks.has(prize.rank)) fail(`prizes.${index}.rank`, issue('prize-rank-invalid'));
    ranks.add(prize.rank);
    if (typeof prize.label !== 'string' || !prize.label.trim() || prize.label.trim().length > 60) fail(`prizes.${index}.label`, issue('prize-label-invalid'));
    if (!Number.isInteger(prize.winners) || prize.winners < 1 || prize.winners > 1000) fail(`prizes.${index}.winners`, issue('prize-winners-invalid'));
    if (!Number.isInteger(prize.amountTaka) || prize.amountTaka < 1 || prize.amountTaka > 10_000_000) fail(`prizes.${index}.amount`, issue('prize-amount-invalid'));
  });
  if (Object.keys(errors).length > 0) throw new ValidationFailedError(errors);
  return {
    name,
    startsAt: new Date(starts).toISOString(),
    endsAt: new Date(ends).toISOString(),
    prizes: [...prizes].sort((a, b) => a.rank - b.rank).map(({ rank, label, winners, amountTaka }) => ({ rank, label: label.trim(), winners, amountTaka })),
    discountPercent: percent,
  };
}
