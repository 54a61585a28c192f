import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import type { Actor, EventMetadata } from '../../event-store/event-store.types';
import type { AuthenticatedUser } from './authenticated-user';

/**
 * What every command carries from the HTTP request into the events it records: who acted, and the ids that
 * tie the events of one request (correlation) to the request that caused them.
 */
export interface RequestMetadata {
  requestId: string;
  correlationId: string;
  actor: Actor;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;

const REQUEST_IDS = Symbol('requestIds');

/**
 * The request's id (the client's `X-Request-Id` when well-formed, else a new UUID) and correlation id (the
 * client's `X-Correlation-Id`, else the request id), fixed the first time they are asked for, so the log line
 * of a request and the metadata of the events it records carry the same ids.
 */
export function requestIdsOf(request: Request): { requestId: string; correlationId: string } {
  const held = request as Request & { [REQUEST_IDS]?: { requestId: string; correlationId: string } };
  if (held[REQUEST_IDS]) return held[REQUEST_IDS];
  const header = request.header('x-request-id');
  const requestId = header && REQUEST_ID.test(header) ? header : randomUUID();
  const correlation = request.header('x-correlation-id');
  held[REQUEST_IDS] = { requestId, correlationId: correlation && REQUEST_ID.test(correlation) ? correlation : requestId };
  return held[REQUEST_IDS];
}

export function requestMetadataOf(request: Request): RequestMetadata {
  const user = (request as Request & { user?: AuthenticatedUser }).user;
  return {
    ...requestIdsOf(request),
    // A customer acts under their id and role only: their name in the log's metadata could not be shredded
    // (ADR 053). Staff names stay: they are the store's people at work, not its customers.
    actor: !user ? { id: 'guest', role: 'guest' } : user.role === 'customer' ? { id: user.id, role: user.role } : { id: user.id, role: user.role, name: user.name },
  };
}

/** `@RequestMeta() meta: RequestMetadata` in a controller method. */
export const RequestMeta = createParamDecorator((_: unknown, context: ExecutionContext) =>
  requestMetadataOf(context.switchToHttp().getRequest<Request>()),
);

/** Metadata for events recorded on behalf of a request; `note` is the staff member's reason, if any. */
export function eventMetadata(meta: RequestMetadata, extra: { causationId?: string | null; note?: string | null } = {}): EventMetadata {
  return {
    correlationId: meta.correlationId,
    causationId: extra.causationId ?? meta.requestId,
    actor: meta.actor,
    requestId: meta.requestId,
    ...(extra.note ? { note: extra.note } : {}),
  };
}

/** Metadata for events the system records by itself (seed, projections, scheduled work). */
export function systemMetadata(reason: string): EventMetadata {
  const id = randomUUID();
  return { correlationId: id, causationId: null, actor: { id: 'system', role: 'system', name: reason } };
}
