import { Body, Controller, Headers, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { TooManyRequestsError } from '../../common/errors/domain-error';
import { RateLimiter } from '../../common/rate-limit/rate-limiter';
import { ParcelSteps } from '../steps/parcel-steps';

/** Webhooks a courier may send from one address in a minute (Pathao documents about 60; a burst after an outage is more). */
const WEBHOOKS_PER_MINUTE = 600;

/**
 * `POST /api/webhooks/couriers/{courier}`: public, proven by each courier's own means in its adapter. An
 * unverified request is 401 and changes nothing; a verified one is answered as the courier expects.
 */
@Controller('webhooks/couriers')
export class CourierWebhooksController {
  constructor(
    private readonly steps: ParcelSteps,
    private readonly limiter: RateLimiter,
  ) {}

  @Post(':courier')
  async receive(
    @Param('courier') courier: string,
    @Headers() headers: Record<string, string | string[] | undefined>,
    @Query() query: Record<string, string | undefined>,
    @Body() body: unknown,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<unknown> {
    const address = request.ip ?? request.socket.remoteAddress ?? 'unknown';
    const outcome = await this.limiter.hit(`courier-webhook:${address}`, WEBHOOKS_PER_MINUTE, 60);
    if (!outcome.allowed) throw new TooManyRequestsError(outcome.retryAfterSeconds, 'too-many-requests');
    const answer = await this.steps.webhook(courier, { headers, query, body });
    response.status(answer.status);
    // Pathao accepts a webhook URL only when every answer carries its integration header.
    for (const [name, value] of Object.entries(answer.headers ?? {})) response.setHeader(name, value);
    return answer.body;
  }
}
