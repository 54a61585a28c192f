import type { MigrationInterface } from 'typeorm';
import { EventStore1763800000001 } from './1763800000001-event-store';
import { Catalog1763800000002 } from './1763800000002-catalog';
import { Inventory1763800000003 } from './1763800000003-inventory';
import { Accounts1763800000004 } from './1763800000004-accounts';
import { SeedRuns1763800000005 } from './1763800000005-seed-runs';
import { ProductSearchWords1763800000006 } from './1763800000006-product-search-words';
import { Ordering1763800000101 } from './1763800000101-ordering';
import { AccountSecurity1763800000201 } from './1763800000201-account-security';
import { Mail1763800000202 } from './1763800000202-mail';
import { CatalogEvents1763800000301 } from './1763800000301-catalog-events';
import { ShopperTrustSettings1763800000416 } from './1763800000416-shopper-trust-settings';
import { LuckyDraw1763800000501 } from './1763800000501-lucky-draw';
import { MailParts1763800000502 } from './1763800000502-mail-parts';
import { CashOnDelivery1763800001401 } from './1763800001401-cash-on-delivery';
import { OpenCodLookup1763800001402 } from './1763800001402-open-cod-lookup';
import { SmsAndPhoneCodes1763800001701 } from './1763800001701-sms-and-phone-codes';
import { BengaliProductTexts1763800001801 } from './1763800001801-bengali-product-texts';
import { PersonalDataKeys1763800002101 } from './1763800002101-personal-data-keys';
import { LuckyDrawEntries1763800002201 } from './1763800002201-lucky-draw-entries';
import { SeamsLimits1763800002300 } from './1763800002300-seams-limits';
import { LuckyDrawTokensFollowUnits1763800002401 } from './1763800002401-lucky-draw-tokens-follow-units';
import { OrderTokensFollowAmendments1763800002402 } from './1763800002402-order-tokens-follow-amendments';
import { ProvenPhones1763800002501 } from './1763800002501-proven-phones';
import { PhoneBlockPosition1763800002502 } from './1763800002502-phone-block-position';
import { Fulfilment1763800003001 } from './1763800003001-fulfilment';
import { OrderPayments1763800003401 } from './1763800003401-order-payments';
import { CourierPayouts1763800003501 } from './1763800003501-courier-payouts';
import { DemoGatewayPayments1763800003601 } from './1763800003601-demo-gateway-payments';
import { PaymentReconciliations1763800003602 } from './1763800003602-payment-reconciliations';
import { Returns1763800003701 } from './1763800003701-returns';
import { OrderStoreCredit1763800003751 } from './1763800003751-order-store-credit';
import { OrderSources1763800003901 } from './1763800003901-order-sources';
import { SearchSynonyms1763800004001 } from './1763800004001-search-synonyms';
import { SavedDeliveryAddress1763800004002 } from './1763800004002-saved-delivery-address';
import { OwnerWordsInBengali1763800004201 } from './1763800004201-owner-words-in-bengali';
import { OrderListPolling1763800004301 } from './1763800004301-order-list-polling';
import { ReturnPhotos1763800004401 } from './1763800004401-return-photos';
import { ReturnTimeline1763800004402 } from './1763800004402-return-timeline';

import { AddressesAndZones1763800003301 } from './1763800003301-addresses-and-zones';
import { StaffInvitationsAndSessions1763800004101 } from './1763800004101-staff-invitations-and-sessions';
/**
 * Every schema migration, in timestamp order (TypeORM runs pending ones by timestamp). The schema is never
 * synchronised from entities. Add a new migration with a later timestamp at the end; never edit one that has
 * shipped.
 */
export const migrations: Array<new () => MigrationInterface> = [
  EventStore1763800000001,
  Catalog1763800000002,
  Inventory1763800000003,
  Accounts1763800000004,
  SeedRuns1763800000005,
  ProductSearchWords1763800000006,
  Ordering1763800000101,
  AccountSecurity1763800000201,
  Mail1763800000202,
  CatalogEvents1763800000301,
  ShopperTrustSettings1763800000416,
  LuckyDraw1763800000501,
  MailParts1763800000502,
  CashOnDelivery1763800001401,
  OpenCodLookup1763800001402,
  SmsAndPhoneCodes1763800001701,
  BengaliProductTexts1763800001801,
  PersonalDataKeys1763800002101,
  LuckyDrawEntries1763800002201,
  SeamsLimits1763800002300,
  LuckyDrawTokensFollowUnits1763800002401,
  OrderTokensFollowAmendments1763800002402,
  ProvenPhones1763800002501,
  PhoneBlockPosition1763800002502,
  Fulfilment1763800003001,
  AddressesAndZones1763800003301,
  OrderPayments1763800003401,
  CourierPayouts1763800003501,
  DemoGatewayPayments1763800003601,
  PaymentReconciliations1763800003602,
  Returns1763800003701,
  OrderStoreCredit1763800003751,
  OrderSources1763800003901,
  SearchSynonyms1763800004001,
  SavedDeliveryAddress1763800004002,
  StaffInvitationsAndSessions1763800004101,
  OwnerWordsInBengali1763800004201,
  OrderListPolling1763800004301,
  ReturnPhotos1763800004401,
  ReturnTimeline1763800004402,
];
