import { CourierRefusal, type BookedParcel, type Courier, type CourierPayout, type ParcelRequest, type PickupRequest, type ParcelState, type WebhookReading } from './courier-port';

/**
 * The manual courier (issue 29): for a shop that books by phone or at the courier's counter. Care types the
 * tracking code the courier gave; the "booking" records it, and care records each step by hand. It reaches
 * nobody, so it has nothing to find, track or be told by webhook.
 */
export class ManualCourier implements Courier {
  readonly service = 'courier' as const;
  readonly name = 'manual' as const;
  readonly provider = 'manual';
  readonly mode = 'live' as const;
  readonly label = 'manual courier: care books by phone, types the tracking code and records each step by hand';

  trackingUrl(): string | null {
    return null;
  }

  book(parcel: ParcelRequest): Promise<BookedParcel> {
    const code = parcel.trackingCode?.trim();
    if (!code) return Promise.reject(new CourierRefusal('manual', 'tracking code missing'));
    return Promise.resolve({ consignmentId: code, trackingCode: code, courierStatus: 'booked by hand' });
  }

  /** A pick-up care booked by phone (issue 35): the tracking code it typed. */
  bookPickup(pickup: PickupRequest): Promise<BookedParcel> {
    return this.book({ trackingCode: pickup.trackingCode } as ParcelRequest);
  }

  findByOrder(): Promise<BookedParcel | null> {
    return Promise.resolve(null);
  }

  track(): Promise<ParcelState> {
    return Promise.reject(new Error('a manual parcel is followed by hand'));
  }

  readWebhook(): WebhookReading {
    return { verified: false };
  }

  payouts(): Promise<CourierPayout[] | null> {
    return Promise.resolve(null);
  }
}
