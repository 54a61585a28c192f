import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { SignedInResponse } from '../../../contracts/accounts';
import { UnauthorizedError } from '../../common/errors/domain-error';
import { AccessTokenService } from './access-token.service';
import { PasswordHasher } from '../password-hasher';
import { DUMMY_PASSWORD_HASH } from '../users/dummy-password-hash';
import { findUserByEmail } from '../users/user-account';
import { toUserResponse } from '../users/user.response';
import { LogIn } from './log-in.command';

export type SignedIn = SignedInResponse;

@CommandHandler(LogIn)
export class LogInHandler implements ICommandHandler<LogIn, SignedIn> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly tokens: AccessTokenService,
    @Inject(DUMMY_PASSWORD_HASH) private readonly dummyHash: string,
  ) {}

  async execute({ email, password }: LogIn): Promise<SignedIn> {
    const user = await findUserByEmail(this.dataSource.manager, email);
    // Unknown e-mail: the same scrypt work as a wrong password, so timing does not reveal accounts.
    const valid = await this.hasher.verify(password, user?.passwordHash ?? this.dummyHash);
    if (!user || !valid || user.disabledAt) throw new UnauthorizedError('login-failed').onField('account');
    if (this.hasher.needsRehash(user.passwordHash)) {
      // Stronger parameters than when it was set: not a business fact, so no event, only the state.
      await this.dataSource.query('UPDATE users SET password_hash = $2 WHERE id = $1', [user.id, await this.hasher.hash(password)]);
    }
    return { user: toUserResponse(user), ...(await this.tokens.issue(user)) };
  }
}
