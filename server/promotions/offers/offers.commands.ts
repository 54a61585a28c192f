import { Command } from '@nestjs/cqrs';
import type { RequestMetadata } from '../../common/request/request-metadata';
import type { OfferTerms } from '../domain/offer.events';

export interface OfferChangeResult {
  offerId: string;
}

/** An admin creates an offer (`OfferCreated`); missing prizes and discount take the spec's defaults. */
export class CreateOfferCommand extends Command<OfferChangeResult> {
  constructor(readonly terms: OfferTerms, readonly meta: RequestMetadata) {
    super();
  }
}

/** An admin changes an offer's terms before the draw is committed (`OfferChanged`). */
export class ChangeOfferCommand extends Command<OfferChangeResult> {
  constructor(readonly offerId: string, readonly changes: Partial<OfferTerms>, readonly meta: RequestMetadata) {
    super();
  }
}

/** The server draws a secret seed, keeps it sealed and publishes its SHA-256 (`DrawCommitted`). */
export class CommitDrawCommand extends Command<OfferChangeResult> {
  constructor(readonly offerId: string, readonly meta: RequestMetadata) {
    super();
  }
}

/** After the period: the eligible tokens are published (`EligibleTokensPublished`). */
export class CloseOfferCommand extends Command<OfferChangeResult> {
  constructor(readonly offerId: string, readonly meta: RequestMetadata) {
    super();
  }
}

/** The sealed seed is revealed and the winners picked (`DrawHeld`). */
export class HoldDrawCommand extends Command<OfferChangeResult> {
  constructor(readonly offerId: string, readonly meta: RequestMetadata) {
    super();
  }
}
