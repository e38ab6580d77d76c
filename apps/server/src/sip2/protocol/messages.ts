/**
 * The SIP2 messages we speak (3M SIP2 v2.00): for each two-character identifier, its fixed-length fields in
 * order. Variable fields (two-letter code, value, '|') follow the fixed part; their codes are in FIELD.
 * Requests come from the self-check machine (SC), responses from us (ACS).
 */
export type FixedSpec = readonly (readonly [name: string, length: number])[];

const DATE = 18;

export const MESSAGES = {
  '93': {
    name: 'login',
    fixed: [
      ['uidAlgorithm', 1],
      ['pwdAlgorithm', 1],
    ],
  },
  '94': { name: 'loginResponse', fixed: [['ok', 1]] },
  '99': {
    name: 'scStatus',
    fixed: [
      ['statusCode', 1],
      ['maxPrintWidth', 3],
      ['protocolVersion', 4],
    ],
  },
  '98': {
    name: 'acsStatus',
    fixed: [
      ['onlineStatus', 1],
      ['checkinOk', 1],
      ['checkoutOk', 1],
      ['renewalPolicy', 1],
      ['statusUpdateOk', 1],
      ['offlineOk', 1],
      ['timeoutPeriod', 3],
      ['retriesAllowed', 3],
      ['dateTimeSync', DATE],
      ['protocolVersion', 4],
    ],
  },
  '23': {
    name: 'patronStatus',
    fixed: [
      ['language', 3],
      ['transactionDate', DATE],
    ],
  },
  '24': {
    name: 'patronStatusResponse',
    fixed: [
      ['patronStatus', 14],
      ['language', 3],
      ['transactionDate', DATE],
    ],
  },
  '63': {
    name: 'patronInformation',
    fixed: [
      ['language', 3],
      ['transactionDate', DATE],
      ['summary', 10],
    ],
  },
  '64': {
    name: 'patronInformationResponse',
    fixed: [
      ['patronStatus', 14],
      ['language', 3],
      ['transactionDate', DATE],
      ['holdItemsCount', 4],
      ['overdueItemsCount', 4],
      ['chargedItemsCount', 4],
      ['fineItemsCount', 4],
      ['recallItemsCount', 4],
      ['unavailableHoldsCount', 4],
    ],
  },
  '11': {
    name: 'checkout',
    fixed: [
      ['scRenewalPolicy', 1],
      ['noBlock', 1],
      ['transactionDate', DATE],
      ['nbDueDate', DATE],
    ],
  },
  '12': {
    name: 'checkoutResponse',
    fixed: [
      ['ok', 1],
      ['renewalOk', 1],
      ['magneticMedia', 1],
      ['desensitize', 1],
      ['transactionDate', DATE],
    ],
  },
  '09': {
    name: 'checkin',
    fixed: [
      ['noBlock', 1],
      ['transactionDate', DATE],
      ['returnDate', DATE],
    ],
  },
  '10': {
    name: 'checkinResponse',
    fixed: [
      ['ok', 1],
      ['resensitize', 1],
      ['magneticMedia', 1],
      ['alert', 1],
      ['transactionDate', DATE],
    ],
  },
  '17': { name: 'itemInformation', fixed: [['transactionDate', DATE]] },
  '18': {
    name: 'itemInformationResponse',
    fixed: [
      ['circulationStatus', 2],
      ['securityMarker', 2],
      ['feeType', 2],
      ['transactionDate', DATE],
    ],
  },
  '29': {
    name: 'renew',
    fixed: [
      ['thirdPartyAllowed', 1],
      ['noBlock', 1],
      ['transactionDate', DATE],
      ['nbDueDate', DATE],
    ],
  },
  '30': {
    name: 'renewResponse',
    fixed: [
      ['ok', 1],
      ['renewalOk', 1],
      ['magneticMedia', 1],
      ['desensitize', 1],
      ['transactionDate', DATE],
    ],
  },
  '01': {
    name: 'blockPatron',
    fixed: [
      ['cardRetained', 1],
      ['transactionDate', DATE],
    ],
  },
  '25': { name: 'patronEnable', fixed: [['transactionDate', DATE]] },
  '26': {
    name: 'patronEnableResponse',
    fixed: [
      ['patronStatus', 14],
      ['language', 3],
      ['transactionDate', DATE],
    ],
  },
  '65': { name: 'renewAll', fixed: [['transactionDate', DATE]] },
  '66': {
    name: 'renewAllResponse',
    fixed: [
      ['ok', 1],
      ['renewedCount', 4],
      ['unrenewedCount', 4],
      ['transactionDate', DATE],
    ],
  },
  '35': { name: 'endPatronSession', fixed: [['transactionDate', DATE]] },
  '36': {
    name: 'endSessionResponse',
    fixed: [
      ['endSession', 1],
      ['transactionDate', DATE],
    ],
  },
  '97': { name: 'requestAcsResend', fixed: [] },
  '96': { name: 'requestScResend', fixed: [] },
} as const satisfies Record<string, { name: string; fixed: FixedSpec }>;

export type MessageCode = keyof typeof MESSAGES;

export function isKnownCode(code: string): code is MessageCode {
  return Object.hasOwn(MESSAGES, code);
}

/** Variable field codes used by the messages above. */
export const FIELD = {
  patronId: 'AA',
  itemId: 'AB',
  terminalPassword: 'AC',
  patronPassword: 'AD',
  personalName: 'AE',
  screenMessage: 'AF',
  printLine: 'AG',
  dueDate: 'AH',
  titleId: 'AJ',
  blockedCardMsg: 'AL',
  libraryName: 'AM',
  terminalLocation: 'AN',
  institutionId: 'AO',
  currentLocation: 'AP',
  permanentLocation: 'AQ',
  holdItems: 'AS',
  overdueItems: 'AT',
  chargedItems: 'AU',
  fineItems: 'AV',
  sequence: 'AY',
  checksum: 'AZ',
  homeAddress: 'BD',
  email: 'BE',
  phone: 'BF',
  owner: 'BG',
  currencyType: 'BH',
  cancel: 'BI',
  transactionId: 'BK',
  validPatron: 'BL',
  renewedItems: 'BM',
  unrenewedItems: 'BN',
  feeAcknowledged: 'BO',
  startItem: 'BP',
  endItem: 'BQ',
  feeType: 'BT',
  recallItems: 'BU',
  feeAmount: 'BV',
  supportedMessages: 'BX',
  holdItemsLimit: 'BZ',
  overdueItemsLimit: 'CA',
  chargedItemsLimit: 'CB',
  feeLimit: 'CC',
  unavailableHoldItems: 'CD',
  holdQueueLength: 'CF',
  itemProperties: 'CH',
  securityInhibit: 'CI',
  recallDate: 'CJ',
  mediaType: 'CK',
  sortBin: 'CL',
  holdPickupDate: 'CM',
  loginUserId: 'CN',
  loginPassword: 'CO',
  locationCode: 'CP',
  validPatronPassword: 'CQ',
  /** 3M extension (2.00 era) on 10: 01 hold for this library, 02 hold for another branch, 04 send to a branch, 99 other. */
  alertType: 'CV',
} as const;

/** Fields that carry secrets and are masked before a message is logged. */
export const SECRET_FIELDS = new Set<string>([
  FIELD.loginUserId,
  FIELD.loginPassword,
  FIELD.patronPassword,
  FIELD.terminalPassword,
]);
