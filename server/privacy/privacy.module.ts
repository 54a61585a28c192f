import { Module } from '@nestjs/common';
import { PersonalDataController } from './api/personal-data.controller';
import { GetPersonalDataHandler } from './export/personal-data.query';

/**
 * Personal data as a whole (issue 21, ADR 053): what the store holds about one person, exported as JSON for the
 * customer or for care. Reads across the contexts' read models like operations does; it writes nothing.
 */
@Module({
  controllers: [PersonalDataController],
  providers: [GetPersonalDataHandler],
})
export class PrivacyModule {}
