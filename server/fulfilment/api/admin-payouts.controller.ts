import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import type { PayoutFetchResponse, PayoutListResponse, PayoutReconciliationResponse, PayoutRecordedResponse } from '../../../contracts/payouts';
import { Roles } from '../../common/auth/roles.decorator';
import { eventMetadata, RequestMeta, type RequestMetadata } from '../../common/request/request-metadata';
import { parseOrThrow } from '../../common/validation/zod-validation.pipe';
import { Payouts, type PayoutRecording } from '../payouts/payouts';
import { PayoutsReadModel } from '../payouts/payouts.read-model';
import { payoutFetchRequest, statementImportRequest } from './requests';

const answerOf = (recording: PayoutRecording): PayoutRecordedResponse => ({
  success: true,
  courier: recording.courier,
  payout_id: recording.payoutId,
  lines: recording.lines,
  recorded: recording.recorded,
  unmatched: recording.unmatched,
});

/** The cash coming back (issue 29): payouts listed, reconciled with the parcels, fetched now or imported from a statement. */
@Controller('admin/payouts')
@Roles('care', 'admin')
export class AdminPayoutsController {
  constructor(
    private readonly payouts: Payouts,
    private readonly readModel: PayoutsReadModel,
  ) {}

  @Get()
  list(): Promise<PayoutListResponse> {
    return this.readModel.list();
  }

  @Get('reconciliation')
  reconciliation(): Promise<PayoutReconciliationResponse> {
    return this.readModel.reconciliation(this.payouts.unpaidDays);
  }

  @Post('fetch')
  @HttpCode(200)
  async fetch(@Body() body: unknown, @RequestMeta() meta: RequestMetadata): Promise<PayoutFetchResponse> {
    const { courier } = parseOrThrow(payoutFetchRequest, body ?? {});
    const results = await this.payouts.fetch(eventMetadata(meta), courier);
    return { success: true, couriers: results.map(({ courier: name, payouts, lines, recorded, unmatched }) => ({ courier: name, payouts, lines, recorded, unmatched })) };
  }

  @Post('import')
  @HttpCode(200)
  async import(@Body() body: unknown, @RequestMeta() meta: RequestMetadata): Promise<PayoutRecordedResponse> {
    const request = parseOrThrow(statementImportRequest, body);
    return answerOf(await this.payouts.importStatement(request.courier, request.content, { statementId: request.statement_id, paidAt: request.paid_at }, eventMetadata(meta)));
  }
}
