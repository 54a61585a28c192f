import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/app-config';

/**
 * The origin a mail link points at. The page sends its own origin as `host`; it is used only when it is
 * one of APP_ORIGINS, otherwise the first (default) origin is, so a forged `host` can never send a reset
 * link (and its token) to someone else's site.
 */
@Injectable()
export class LinkOrigins {
  constructor(@Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'appOrigins'>) {}

  resolve(host: string | undefined): string {
    const allowed = this.config.appOrigins;
    const wanted = host ? asOrigin(host.trim()) : undefined;
    return (wanted && allowed.find((origin) => origin === wanted)) ?? allowed[0];
  }
}

/** `https://shop.example.com/anything` and `shop.example.com` (with the default's scheme) become origins. */
function asOrigin(value: string): string | undefined {
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`).origin;
  } catch {
    return undefined;
  }
}
