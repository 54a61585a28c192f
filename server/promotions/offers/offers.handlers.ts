import { Inject, Injectable } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { CLOCK, type Clock } from '../../common/clock';
import { ConflictError, NotFoundError } from '../../common/errors/domain-error';
import { eventMetadata, type RequestMetadata } from '../../common/request/request-metadata';
import { CommandPath } from '../../event-store/command-path/command-path';
import type { AppendResult } from '../../event-store/event-store.types';
import type { EntityManager } from 'typeorm';
import { commitmentOf } from '../domain/draw-algorithm';
import { offerDecider, type OfferCommand, type OfferState } from '../domain/offer';
import { offerStreamId } from '../domain/offer.events';
import { newOfferId, normalizeOfferId } from '../domain/offer-id';
import { DrawEntries } from './draw-entries';
import { DrawSeeds } from './draw-seeds';
import { EligibleTokens } from './eligible-tokens';
import {
  ChangeOfferCommand,
  CloseOfferCommand,
  CommitDrawCommand,
  CreateOfferCommand,
  HoldDrawCommand,
  type OfferChangeResult,
} from './offers.commands';

/** Folds `offer-<id>` through the one command path, decides with the offer decider, appends at the version read. */
@Injectable()
export class OfferCommands {
  constructor(private readonly commands: CommandPath) {}

  async run(command: OfferCommand, meta: RequestMetadata, inTransaction?: (manager: EntityManager, result: AppendResult) => Promise<void>): Promise<void> {
    await this.commands.handle(offerStreamId(command.data.offerId), (state: OfferState) => offerDecider.decide(command, state), eventMetadata(meta), inTransaction);
  }

  /** The offer's current state, folded by the command path (cached fold plus the events after it). */
  async read(offerId: string): Promise<OfferState> {
    const streamId = offerStreamId(offerId);
    return (await this.commands.read([streamId])).get(streamId)!.state as OfferState;
  }
}

function offerIdOf(input: string): string {
  const id = normalizeOfferId(input);
  if (!id) throw new NotFoundError('offer-not-found');
  return id;
}

@CommandHandler(CreateOfferCommand)
export class CreateOfferHandler implements ICommandHandler<CreateOfferCommand> {
  constructor(private readonly path: OfferCommands, @Inject(CLOCK) private readonly clock: Clock) {}

  async execute({ terms, meta }: CreateOfferCommand): Promise<OfferChangeResult> {
    const offerId = newOfferId();
    await this.path.run({ type: 'CreateOffer', data: { offerId, now: this.clock.now(), terms } }, meta);
    return { offerId };
  }
}

@CommandHandler(ChangeOfferCommand)
export class ChangeOfferHandler implements ICommandHandler<ChangeOfferCommand> {
  constructor(private readonly path: OfferCommands, @Inject(CLOCK) private readonly clock: Clock) {}

  async execute({ offerId, changes, meta }: ChangeOfferCommand): Promise<OfferChangeResult> {
    await this.path.run({ type: 'ChangeOffer', data: { offerId: offerIdOf(offerId), now: this.clock.now(), changes } }, meta);
    return { offerId: offerIdOf(offerId) };
  }
}

@CommandHandler(CommitDrawCommand)
export class CommitDrawHandler implements ICommandHandler<CommitDrawCommand> {
  constructor(
    private readonly path: OfferCommands,
    private readonly seeds: DrawSeeds,
    private readonly entries: DrawEntries,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ offerId, meta }: CommitDrawCommand): Promise<OfferChangeResult> {
    const id = offerIdOf(offerId);
    const seed = this.seeds.newSeed();
    const data = { offerId: id, now: this.clock.now(), commitment: commitmentOf(seed), entriesCommitment: this.entries.commitment(id) };
    await this.path.run({ type: 'CommitDraw', data }, meta, (manager) =>
      this.seeds.store(manager, id, seed),
    );
    return { offerId: id };
  }
}

@CommandHandler(CloseOfferCommand)
export class CloseOfferHandler implements ICommandHandler<CloseOfferCommand> {
  constructor(
    private readonly path: OfferCommands,
    private readonly eligible: EligibleTokens,
    private readonly entries: DrawEntries,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ offerId, meta }: CloseOfferCommand): Promise<OfferChangeResult> {
    const id = offerIdOf(offerId);
    const state = await this.path.read(id);
    if (!state.exists) throw new NotFoundError('offer-not-found');
    // The terms cannot change once committed, and close is refused before the commitment: the period read here holds.
    const tokens = state.status === 'committed' ? await this.eligible.forPeriod(state.terms.startsAt, state.terms.endsAt) : [];
    const eligible = tokens.map((token) => ({ token, entry: this.entries.entryOf(id, token).entry }));
    await this.path.run({ type: 'CloseOffer', data: { offerId: id, now: this.clock.now(), eligible } }, meta);
    return { offerId: id };
  }
}

@CommandHandler(HoldDrawCommand)
export class HoldDrawHandler implements ICommandHandler<HoldDrawCommand> {
  constructor(
    private readonly path: OfferCommands,
    private readonly seeds: DrawSeeds,
    private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ offerId, meta }: HoldDrawCommand): Promise<OfferChangeResult> {
    const id = offerIdOf(offerId);
    const seed = await this.seeds.open(this.dataSource.manager, id);
    if (seed === null) throw new ConflictError('offer-not-committed');
    await this.path.run({ type: 'HoldDraw', data: { offerId: id, now: this.clock.now(), seed } }, meta);
    return { offerId: id };
  }
}

export const OFFER_COMMAND_HANDLERS = [OfferCommands, CreateOfferHandler, ChangeOfferHandler, CommitDrawHandler, CloseOfferHandler, HoldDrawHandler];
