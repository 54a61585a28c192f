import { APP_CONFIG } from '../config/app-config';
import { Module, OnModuleInit } from '@nestjs/common';
import { PasswordHasher, passwordHasherFor } from '../accounts/password-hasher';
import { StreamFolds } from '../event-store/command-path/stream-folds';
import { OutboxModule } from '../outbox/outbox.module';
import { PersonalDataErasure } from './erasure/erase-personal-data';
import { erasureFold } from './erasure/erasure.events';
import { PersonalDataController } from './api/personal-data.controller';
import { GetPersonalDataHandler } from './export/personal-data.query';

/**
 * Personal data as a whole (issue 21, ADR 053): what the store holds about one person, exported as JSON for the
 * customer or for care. Reads across the contexts' read models like operations does; and erases a person (their keys, their clear fields, their account) on request.
 */
@Module({
  imports: [OutboxModule],
  controllers: [PersonalDataController],
  providers: [GetPersonalDataHandler, PersonalDataErasure, { provide: PasswordHasher, useFactory: passwordHasherFor, inject: [APP_CONFIG] }],
})
export class PrivacyModule implements OnModuleInit {
  constructor(private readonly folds: StreamFolds) {}

  onModuleInit(): void {
    this.folds.register('erasure-', erasureFold);
  }
}
