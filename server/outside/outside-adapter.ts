/**
 * The slot every outside service plugs into (ADR 056): SMS gateways today, couriers and payment gateways next.
 * The context that needs the service owns its port (an interface in its own words: "send this SMS", "book this
 * parcel", "start this payment"); each provider is an adapter of that port, and every adapter also says what it
 * is, in these words, so the logs, the health answer and the console can tell a person whether the store really
 * reaches a provider or only pretends to.
 */
export type OutsideService = 'sms' | 'courier' | 'payment';

export interface OutsideAdapter {
  /** What the store needs done. */
  readonly service: OutsideService;
  /** Whose API the adapter speaks: `http-sms`, `steadfast`, `bkash` ... or `demo`. */
  readonly provider: string;
  /**
   * `live`: a real provider, reached over the network with its credentials. `demo`: nothing leaves the store
   * (no credentials were given); what would have been sent is kept where a developer or a tester can see it.
   */
  readonly mode: 'live' | 'demo';
  /** One line for a person: what this adapter does with what the store asks of it. */
  readonly label: string;
}

/** What `OutsideServices.list()` and the health answer show of an adapter (no credentials, no URLs). */
export interface OutsideAdapterView {
  service: OutsideService;
  provider: string;
  mode: 'live' | 'demo';
  label: string;
}

export function viewOf(adapter: OutsideAdapter): OutsideAdapterView {
  return { service: adapter.service, provider: adapter.provider, mode: adapter.mode, label: adapter.label };
}

/**
 * The adapters of one service as the configuration chooses them: every provider whose settings are given, in
 * the order listed, or else the demo. A provider is configured by all of its settings or none: half of them is a
 * start-up error naming the missing ones, never a silent demo.
 */
export function chooseAdapters<A extends OutsideAdapter>(
  options: Array<{ provider: string; settings: Record<string, string | undefined>; create: () => A }>,
  demo: () => A,
): A[] {
  const chosen: A[] = [];
  for (const option of options) {
    const names = Object.keys(option.settings);
    const missing = names.filter((name) => !option.settings[name]);
    if (missing.length === names.length) continue;
    if (missing.length > 0) {
      throw new Error(`${option.provider} is half configured: set ${missing.join(', ')} as well, or none of ${names.join(', ')}`);
    }
    chosen.push(option.create());
  }
  return chosen.length > 0 ? chosen : [demo()];
}
