import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import { errorBody } from '../errors/api-exception.filter';
import type { ErrorCode } from '../../../contracts/errors';

export interface RequestTimeLimits {
  /** Milliseconds a client has to send a request's headers. */
  headersMs: number;
  /** Milliseconds a client has to send the rest of the request (its body) once the headers are in. */
  bodyMs: number;
}

/**
 * How often Node checks its connections against the limits below. Its default (30 s) would let a trickled
 * request live up to 30 s past its limit; a walk over the open connections once a second costs nothing.
 */
const CHECK_EVERY_MS = 1_000;
/** How long an idle kept-alive connection stays open (see applyRequestTimeLimits). */
export const KEEP_ALIVE_MS = 65_000;

/**
 * Time limits on receiving a request (issue 27: a request body trickled a byte at a time held its connection,
 * and the memory of its parser, for 60 s; enough such connections and nobody else gets in). Set on the HTTP
 * server before it listens:
 * - the headers: Node's `headersTimeout`, answered 408 in the error shape by `answerClientErrors`;
 * - the body: `requestBodyTimeLimit` answers 408 in the error shape when it is not complete `bodyMs` after the
 *   headers; Node's `requestTimeout`, a little after both limits, is the backstop for a request the middleware
 *   never saw. A whole request thus has at most the sum of the two to arrive.
 */
export function applyRequestTimeLimits(server: Server, limits: RequestTimeLimits): void {
  // An idle kept-alive connection is closed after this long. Node's 5 s races a client (or a balancer) that
  // reuses the connection at the same moment: its request meets a closed socket, ECONNRESET, and the client
  // cannot tell whether it was handled. Clients and HAProxy close idle connections well before 65 s.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = limits.headersMs;
  server.requestTimeout = limits.headersMs + limits.bodyMs + 2 * CHECK_EVERY_MS;
  // Read by Node when the server starts listening: this runs before.
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = CHECK_EVERY_MS;
  answerClientErrors(server);
}

/** Express middleware: a request whose body has not all arrived `limitMs` after its headers is answered 408. */
export function requestBodyTimeLimit(limitMs: number) {
  return (request: Request, response: Response, next: NextFunction): void => {
    // A request without a body (most GETs) is complete as soon as its headers are.
    if (request.complete) {
      next();
      return;
    }
    const timer = setTimeout(() => {
      if (request.complete || response.headersSent) return;
      response.setHeader('Connection', 'close');
      response.status(408).json(errorBody('request-timeout'));
      // The rest of the body is not waited for: once the answer is out, the connection goes.
      response.once('finish', () => closeSoon(request.socket));
    }, limitMs);
    const done = () => clearTimeout(timer);
    request.once('end', done);
    request.once('close', done);
    response.once('finish', done);
    response.once('close', done);
    next();
  };
}

/**
 * Node's answers to what never became a request (headers too slow, too large or malformed), as Node words
 * them but with a body in the error shape. The same rules as Node's own handler: nothing is written over an
 * answer already started, and the connection is closed.
 */
function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code !== 'ECONNRESET' && socket.writable && !inFlight?.headersSent) {
      const [status, reason, code] = clientErrorAnswer(error.code);
      const body = JSON.stringify(errorBody(code));
      socket.write(
        `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
      closeSoon(socket);
      return;
    }
    socket.destroy(error);
  });
}

function clientErrorAnswer(code: string | undefined): [number, string, ErrorCode] {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'Request Timeout', 'request-timeout'];
  if (code === 'HPE_HEADER_OVERFLOW' || code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return [431, 'Request Header Fields Too Large', 'too-large'];
  return [400, 'Bad Request', 'bad-request'];
}

/**
 * Ends the connection once what was written is sent, and destroys it a second later whatever the client does
 * (a client still trickling would otherwise keep it open); destroying at once could reset the connection
 * before the client has read the answer.
 */
function closeSoon(socket: Socket): void {
  socket.end();
  setTimeout(() => socket.destroy(), 1_000).unref();
}
