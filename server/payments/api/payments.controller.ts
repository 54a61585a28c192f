import { Body, Controller, Get, Headers, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import type { OrderPaymentView } from '../../../contracts/orders';
import { normalizePhone } from '../../../contracts/phone';
import { Roles } from '../../common/auth/roles.decorator';
import { BadRequestError, NotFoundError } from '../../common/errors/domain-error';
import { eventMetadata, RequestMeta, type RequestMetadata } from '../../common/request/request-metadata';
import { parseOrThrow } from '../../common/validation/zod-validation.pipe';
import { says } from '../../common/validation/rule-message';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { paymentViewOf, PaymentUnknown } from '../../ordering/published';
import { DemoGateway } from '../gateway/demo-gateway';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../gateway/payment-gateway';
import { PaymentsService } from '../payments.service';
import { ReconciliationReadModel } from '../reconciliation/reconciliation.read-model';
import type { PaymentReconciliationResponse } from '../../../contracts/payments';
import { demoPage } from './demo-page';

/** "250", "250.5", "250.50", 250 → paisa; null for anything else. */
function parseTaka(value: unknown): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value.trim() : '';
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0')) : null;
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{8,100}$/;

export const callbackQuery = z.object({
  paymentID: z.string().trim().min(1).max(100).describe('The gateway\'s payment id'),
  status: z.enum(['success', 'failure', 'cancel']).describe('What the shopper did at bKash'),
  signature: z.string().max(200).optional(),
  apiVersion: z.string().max(40).optional(),
});
export const demoPageQuery = z.object({ paymentId: z.string().trim().min(1).max(100) });
export const demoChoiceBody = z.object({ paymentId: z.string().trim().min(1).max(100), choice: z.enum(['success', 'failure', 'cancel']) });
export const ownerBody = z.object({ phone: z.string().max(40).describe('The phone the order was placed with') });
export const refundBody = z.object({
  amount: z.union([z.string(), z.number()]).transform((value, context) => {
    const paisa = parseTaka(value);
    if (paisa === null || paisa <= 0) {
      context.addIssue({ code: 'custom', message: says('refund-amount-invalid') });
      return z.NEVER;
    }
    return paisa;
  }).describe('Taka to refund: part or all of what is left of the payment'),
  reason: z.string().trim().min(1, says('refund-reason-required')).max(255).describe('Why (shown on the timeline, sent to bKash)'),
});

/** The shopper's return from the gateway, the demo gateway's page, and trying again or paying cash instead. */
@Controller('payments')
export class PaymentsController {
  constructor(
    private readonly payments: PaymentsService,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * bKash sends the shopper here (`callbackURL?paymentID=…&status=…`). A payment that is not an order's current
   * one is refused (404) and changes nothing; otherwise the shopper goes on to the order confirmation page.
   */
  @Get('bkash/callback')
  async callback(@Query() query: unknown, @RequestMeta() meta: RequestMetadata, @Res() response: Response) {
    const { paymentID, status } = parseOrThrow(callbackQuery, query);
    const result = await this.payments.callback(paymentID, status, eventMetadata(meta));
    if (!result.orderId) throw new PaymentUnknown();
    // A path, not an origin: the shopper comes back to the confirmation page on the origin the callback was
    // opened on (bKash's registered callback origin, or wherever the demo page was served).
    const target = new URLSearchParams({ orderId: result.orderId, payment: result.payment });
    response.redirect(303, `/order-confirm?${target.toString()}`);
  }

  /** The demo gateway's stand-in for bKash's page. */
  @Get('demo/pay')
  async demoPay(@Query() query: unknown, @Res() response: Response) {
    const { paymentId } = parseOrThrow(demoPageQuery, query);
    const view = this.gateway instanceof DemoGateway ? await this.gateway.view(paymentId) : null;
    if (!view) throw new PaymentUnknown();
    response.type('html').send(demoPage(paymentId, view));
  }

  @Post('demo/pay')
  async demoChoose(@Body() body: unknown, @Res() response: Response) {
    const { paymentId, choice } = parseOrThrow(demoChoiceBody, body);
    const next = this.gateway instanceof DemoGateway ? await this.gateway.choose(paymentId, choice) : null;
    if (!next) throw new PaymentUnknown();
    response.redirect(303, next);
  }

  /** After a failed or cancelled payment: a new payment at the gateway, and its page. */
  @Post('orders/:orderId/retry')
  @HttpCode(200)
  async retry(@Param('orderId') orderId: string, @Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    await this.owned(orderId, body);
    const { paymentUrl } = await this.payments.retry(orderId, eventMetadata(meta));
    return { success: true as const, order_id: orderId, payment_url: paymentUrl };
  }

  /** The shopper pays cash on delivery instead. */
  @Post('orders/:orderId/cash')
  @HttpCode(200)
  async cash(@Param('orderId') orderId: string, @Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    await this.owned(orderId, body);
    await this.payments.switchToCash(orderId, eventMetadata(meta));
    return { success: true as const, order_id: orderId, message: 'You will pay cash on delivery.' };
  }

  private async owned(orderId: string, body: unknown): Promise<void> {
    const { phone } = parseOrThrow(ownerBody, body);
    const facts = await this.payments.factsOf(orderId);
    if (!facts || normalizePhone(phone) !== facts.phone) throw new NotFoundError('order-not-found');
  }
}

export const reconciliationQuery = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, says('invalid-input', { detail: 'day: a date as YYYY-MM-DD' })).optional().describe('A shop day (YYYY-MM-DD, Asia/Dhaka); the newest without it'),
});

/** The daily payments reconciliation, for admins (issue 34, ADR 061). */
@Controller('admin/payments')
@Roles('admin')
export class AdminPaymentsController {
  constructor(private readonly reconciliations: ReconciliationReadModel) {}

  @Get('reconciliation')
  async reconciliation(@Query() query: unknown): Promise<PaymentReconciliationResponse> {
    const { day } = parseOrThrow(reconciliationQuery, query);
    return this.reconciliations.read(day);
  }
}

/** Staff refunds: part or all of an order's payment, once per Idempotency-Key. */
@Controller('admin/orders')
@Roles('care', 'admin')
export class AdminRefundsController {
  constructor(private readonly payments: PaymentsService) {}

  @Post(':orderId/refunds')
  @HttpCode(201)
  async refund(
    @Param('orderId') orderId: string,
    @Body() body: unknown,
    @Headers('idempotency-key') key: string | undefined,
    @RequestMeta() meta: RequestMetadata,
  ): Promise<{ success: true; order_id: string; refund_id: string; payment: OrderPaymentView | null; message: string }> {
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) throw new BadRequestError('idempotency-key-invalid');
    const { amount, reason } = parseOrThrow(refundBody, body);
    const refundId = key ?? `refund-${meta.requestId}`;
    const facts = await this.payments.refund(orderId, amount, reason, refundId, eventMetadata(meta));
    return { success: true, order_id: facts.orderId, refund_id: refundId, payment: paymentViewOf(facts.payment), message: 'The refund is made.' };
  }
}
