import { registerAccountPersonalFields } from './domain/account-personal-fields';
import { Module, OnModuleInit } from '@nestjs/common';
import { AdminStaffController } from './api/admin-staff.controller';
import { StaffAccounts } from './staff/staff-accounts';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { OutboxModule } from '../outbox/outbox.module';
import { AuthController } from './api/auth.controller';
import { PublicAccountsController } from './api/public-accounts.controller';
import { UserController } from './api/user.controller';
import { AccountPhoneController, PublicPhoneCodesController } from './api/phone-codes.controller';
import { PHONE_CODE_HANDLERS } from './phone-codes/phone-code.commands';
import { PhoneCodeSecrets } from './phone-codes/phone-code-secrets';
import { PhoneCodes } from './phone-codes/phone-codes';
import { ACCESS_TOKEN_TTL_SECONDS, JWT_ALGORITHM } from '../common/auth/access-token';
import { AccessTokenService } from './login/access-token.service';
import { JwtAuthGuard } from '../common/auth/jwt-auth.guard';
import { AccountSessions } from './sessions/account-sessions';
import { SignIns } from './sessions/sign-ins';
import { StaffInvitationsController } from './api/staff-invitations.controller';
import { JwtStrategy, TOKEN_ACCOUNTS, type TokenAccounts } from '../common/auth/jwt.strategy';
import { OptionalJwtAuthGuard } from '../common/auth/optional-jwt-auth.guard';
import { RolesGuard } from '../common/auth/roles.guard';
import { LogInHandler } from './login/log-in.handler';
import { PasswordHasher, passwordHasherFor } from './password-hasher';
import { ChangePasswordHandler } from './password/change-password.handler';
import { UpdateProfileHandler } from './profile/update-profile.handler';
import { DeliveryAddresses } from './profile/delivery-address';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import { ConfirmEmailHandler } from './recovery/confirm-email.handler';
import { FindAccountHandler } from './recovery/find-account.handler';
import { MailBudget } from './recovery/mail-budget';
import { RequestEmailVerificationHandler } from './recovery/request-email-verification.handler';
import { RequestPasswordResetHandler } from './recovery/request-password-reset.handler';
import { ResetPasswordHandler } from './recovery/reset-password.handler';
import { RegisterCustomerHandler } from './register/register-customer.handler';
import { CLOCK, systemClock } from '../common/clock';
import { DUMMY_PASSWORD_HASH, makeDummyPasswordHash } from './users/dummy-password-hash';
import { AccountWrites } from './users/account-writes';
import { LinkOrigins } from './users/link-origins';
import { findUserById } from './users/user-account';

/**
 * Customers and staff: registration, sign-in (passport-jwt bearer tokens), profile, password change and
 * recovery. Registers the passport-jwt strategy of `common/auth` (the guards other contexts put on their
 * routes) with the accounts it checks tokens against; `RateLimitModule` (global) brings
 * `@RateLimit(...)` to every controller. Needs `EventStoreModule`, `CqrsModule` and `TypeOrmModule` in the app.
 */
@Module({
  imports: [
    PassportModule.register({ defaultStrategy: 'jwt', session: false }),
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        secret: config.jwtSecret,
        signOptions: { algorithm: JWT_ALGORITHM, expiresIn: ACCESS_TOKEN_TTL_SECONDS },
        verifyOptions: { algorithms: [JWT_ALGORITHM] },
      }),
    }),
    RateLimitModule,
    OutboxModule,
  ],
  controllers: [AuthController, UserController, PublicAccountsController, PublicPhoneCodesController, AccountPhoneController, AdminStaffController, StaffInvitationsController],
  providers: [
    { provide: PasswordHasher, useFactory: passwordHasherFor, inject: [APP_CONFIG] },
    { provide: DUMMY_PASSWORD_HASH, useFactory: makeDummyPasswordHash, inject: [PasswordHasher] },
    { provide: CLOCK, useValue: systemClock },
    {
      provide: TOKEN_ACCOUNTS,
      useFactory: (dataSource: DataSource): TokenAccounts => ({
        findById: async (id, sessionId) => {
          const user = await findUserById(dataSource.manager, id);
          return user && (sessionId === undefined || (await AccountSessions.isOpen(dataSource.manager, sessionId, user.id))) ? user : null;
        },
      }),
      inject: [DataSource],
    },
    AccessTokenService,
    AccountSessions,
    SignIns,
    LinkOrigins,
    AccountWrites,
    JwtStrategy,
    JwtAuthGuard,
    OptionalJwtAuthGuard,
    RolesGuard,
    RegisterCustomerHandler,
    LogInHandler,
    UpdateProfileHandler,
    DeliveryAddresses,
    ChangePasswordHandler,
    RequestPasswordResetHandler,
    MailBudget,
    ResetPasswordHandler,
    FindAccountHandler,
    RequestEmailVerificationHandler,
    ConfirmEmailHandler,
    StaffAccounts,
    PhoneCodeSecrets,
    PhoneCodes,
    ...PHONE_CODE_HANDLERS,
  ],
  exports: [PassportModule, JwtAuthGuard, OptionalJwtAuthGuard, RolesGuard, AccessTokenService, StaffAccounts, PhoneCodeSecrets],
})
export class AccountsModule implements OnModuleInit {
  onModuleInit(): void {
    registerAccountPersonalFields();
  }
}
