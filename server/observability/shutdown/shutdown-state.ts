import { Injectable } from '@nestjs/common';

/**
 * Whether this process is shutting down. Set by main.ts on SIGTERM; readiness then answers 503 (a load
 * balancer stops sending) and every answer carries `Connection: close` (no keep-alive reuse of a closing server).
 */
@Injectable()
export class ShutdownState {
  private drainingSince: number | null = null;

  get draining(): boolean {
    return this.drainingSince !== null;
  }

  startDraining(): void {
    this.drainingSince ??= Date.now();
  }
}
