import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { NotFoundError } from '../../common/errors/domain-error';
import { findUserByProvenPhone } from '../users/user-account';
import { FindAccount } from './recovery.commands';

/** Says only whether the number has an account: no name, no e-mail, not even masked. Rate limited per phone. */
@QueryHandler(FindAccount)
export class FindAccountHandler implements IQueryHandler<FindAccount, void> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ phone }: FindAccount): Promise<void> {
    if (!(await findUserByProvenPhone(this.dataSource.manager, phone))) throw new NotFoundError('account-not-found');
  }
}
