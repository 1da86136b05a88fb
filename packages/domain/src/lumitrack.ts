/**
 * Lumitrack IDs and their QR label files (spec sections 1, 3, 4, 7, 9; issue 16). Pure rules: the human ID
 * format, the GPS-node rule, the annual limit of the company tier, the bounds of each call and the label
 * sheets. The choices the spec leaves open are in docs/decisions/lumitrack.md and lumitrack-labels.md.
 */

import { DEFAULT_ACTIVE_ID_INTERVAL_MIN, type QrFormat } from './constants.ts';
import { isAdminAccount, isReadOnlyAccount, isWriterAccess } from './roles.ts';

/** The project (tenant) type whose projects hold Lumitrack IDs (section 3). */
export const LUMITRACK_PROJECT_TYPE = 'Lumitrack';
/** The company module a company needs to make Lumitrack IDs (section 3). */
export const LUMITRACK_MODULE_TYPE = 'Lumitrack';

/** ID types (GET .../types): the spec names `standard` IDs only. */
export const LUMITRACK_ID_TYPES = ['STANDARD'] as const;
export type LumitrackIdType = (typeof LUMITRACK_ID_TYPES)[number];
/** ID states (GET .../states/types, section 4): inactive IDs are hidden from the lists. */
export const LUMITRACK_ID_STATES = ['Active', 'Inactive'] as const;
export type LumitrackIdState = (typeof LUMITRACK_ID_STATES)[number];
/** Association types (GET .../associations/types, section 3): an ID tied to a Lumitrack project. */
export const LUMITRACK_ASSOCIATION_TYPES = ['LUMITRACK_JOB'] as const;
export type LumitrackAssociationType = (typeof LUMITRACK_ASSOCIATION_TYPES)[number];

// ------------------------------------------------------------------ the human ID

/** What every ID starts with. */
export const LUMITRACK_ID_PREFIX = 'LT';
/**
 * The 32 symbols of an ID: digits 2-9 and the letters without I and O, so nothing printed reads as
 * another symbol (0/O, 1/I/l). 32 symbols: each is 5 random bits.
 */
export const LUMITRACK_ID_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** Random symbols of an ID (40 bits: about a trillion IDs), shown in two groups of four. */
export const LUMITRACK_ID_SYMBOLS = 8;
/** An ID as stored and printed: `LT-` and two groups of four symbols, e.g. LT-7K3M-Q9XP. */
export const LUMITRACK_ID_PATTERN = '^LT-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$';
/**
 * What a call accepts as an ID: the stored form, in any case, with or without its two hyphens (a person
 * typing a label). normalizeLumitrackId turns it into the stored form.
 */
export const LUMITRACK_ID_INPUT_PATTERN =
  '^[Ll][Tt]-?[2-9A-HJ-NP-Za-hj-np-z]{4}-?[2-9A-HJ-NP-Za-hj-np-z]{4}$';
/** The longest text a call accepts as an ID (the stored form is 12 characters). */
export const LUMITRACK_ID_INPUT_MAX = 12;

const STORED = new RegExp(LUMITRACK_ID_PATTERN);
const INPUT = new RegExp(LUMITRACK_ID_INPUT_PATTERN);

/**
 * An ID from LUMITRACK_ID_SYMBOLS random bytes: the low 5 bits of each pick a symbol (256 is a multiple of
 * 32, so every symbol is equally likely).
 */
export function lumitrackIdFromBytes(bytes: ArrayLike<number>): string {
  if (bytes.length < LUMITRACK_ID_SYMBOLS) {
    throw new Error(`an ID needs ${LUMITRACK_ID_SYMBOLS} random bytes`);
  }
  let s = '';
  for (let i = 0; i < LUMITRACK_ID_SYMBOLS; i++) s += LUMITRACK_ID_ALPHABET[bytes[i] & 31];
  return `${LUMITRACK_ID_PREFIX}-${s.slice(0, 4)}-${s.slice(4)}`;
}

/** Whether a text is an ID in its stored form. */
export function isLumitrackId(text: unknown): text is string {
  return typeof text === 'string' && STORED.test(text);
}

/** The stored form of an ID typed in any case, with or without its hyphens; null when it is no ID. */
export function normalizeLumitrackId(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const t = text.trim();
  if (!INPUT.test(t)) return null;
  const symbols = t.slice(2).replaceAll('-', '').toUpperCase();
  return `${LUMITRACK_ID_PREFIX}-${symbols.slice(0, 4)}-${symbols.slice(4)}`;
}

// ------------------------------------------------------------------ bounds

/** IDs one call of type/standard/list makes (numLumitrackIds): 1 to 500. */
export const LUMITRACK_IDS_PER_CALL_MAX = 500;
/** IDs one label file holds (lumitrackIds of a file request): 1 to 500 (24 A4 sheets). */
export const LUMITRACK_FILE_IDS_MAX = 500;
/** The most IDs one list answers, newest first. */
export const LUMITRACK_LIST_MAX = 5000;
/** The most file requests one list answers, newest first. */
export const ID_FILE_REQUEST_LIST_MAX = 500;
/** File requests one POST .../files/requests/by_id names. */
export const ID_FILE_REQUEST_IDS_MAX = 100;
/** get_active_lumitrackId: intervalInMin from 1 minute to ten years; one year when left out (section 9). */
export const ACTIVE_ID_INTERVAL_MIN_MIN = 1;
export const ACTIVE_ID_INTERVAL_MAX_MIN = 10 * DEFAULT_ACTIVE_ID_INTERVAL_MIN;
/** The company name printed on a label: 1 to 80 characters. */
export const ID_FILE_COMPANY_NAME_MAX = 80;

// ------------------------------------------------------------------ the annual limit

/**
 * The annual ID limit of a tier whose tierSpec names none (section 3: the tierSpec holds
 * lumitrack_id_annual_limit). Our defaults (docs/decisions/lumitrack.md): a tier we do not know gets
 * LUMITRACK_ID_ANNUAL_LIMIT_DEFAULT.
 */
export const LUMITRACK_TIER_ANNUAL_LIMITS: Readonly<Record<string, number>> = {
  BASIC: 1000,
  STANDARD: 5000,
  ENTERPRISE: 50_000,
};
export const LUMITRACK_ID_ANNUAL_LIMIT_DEFAULT = 1000;

const isLimit = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/**
 * The number of IDs a company may make in one calendar year (UTC): the tierSpec's
 * lumitrack_id_annual_limit when it is a whole number of 0 or more, else the tier's default, else
 * LUMITRACK_ID_ANNUAL_LIMIT_DEFAULT. A tierSpec that is not JSON counts as naming none.
 */
export function lumitrackAnnualLimit(
  tierSpec: string | null | undefined,
  companyTier?: string | null,
): number {
  let spec: unknown;
  try {
    spec = tierSpec ? JSON.parse(tierSpec) : undefined;
  } catch {
    spec = undefined;
  }
  const named =
    spec !== null && typeof spec === 'object'
      ? (spec as Record<string, unknown>).lumitrack_id_annual_limit
      : undefined;
  if (isLimit(named)) return named;
  const tier = typeof companyTier === 'string' ? companyTier.toUpperCase() : '';
  return Object.hasOwn(LUMITRACK_TIER_ANNUAL_LIMITS, tier)
    ? LUMITRACK_TIER_ANNUAL_LIMITS[tier]
    : LUMITRACK_ID_ANNUAL_LIMIT_DEFAULT;
}

/** The start (epoch ms) of the UTC calendar year holding `now`: the annual limit counts from here. */
export function yearStartUtc(now: number): number {
  return Date.UTC(new Date(now).getUTCFullYear(), 0, 1);
}

/**
 * The error code (HTTP 409) of a call that would make more IDs than the company's annual limit leaves:
 * nothing is made. The message says the limit, how many were made this year and how many are left.
 */
export const LUMITRACK_ANNUAL_LIMIT_CODE = 'LUMITRACK_ID_ANNUAL_LIMIT';

/** IDs still allowed this year: the limit less those made this year (deleted ones count), never below 0. */
export function annualRoom(limit: number, madeThisYear: number): number {
  return Math.max(0, limit - madeThisYear);
}

// ------------------------------------------------------------------ GPS nodes

/** The node type a Lumitrack ID may be given (section 4). */
export const GPS_NODE_TYPE = 'GPS';

/** Why a node cannot be assigned to an ID: not of type GPS, on a cable, or in a project (section 4). */
export type GpsNodeRefusal = 'NOT_GPS' | 'HAS_CABLE' | 'HAS_TENANT';

/**
 * Section 4: a GPS node can be assigned only if it is of type GPS and has no cable and no tenant
 * (project). Null when it may be assigned; else the first reason it may not.
 */
export function gpsNodeRefusal(node: {
  nodeType: string | null | undefined;
  cableId: number | null | undefined;
  tenantId: number | null | undefined;
}): GpsNodeRefusal | null {
  if (node.nodeType !== GPS_NODE_TYPE) return 'NOT_GPS';
  if (node.cableId !== null && node.cableId !== undefined) return 'HAS_CABLE';
  if (node.tenantId !== null && node.tenantId !== undefined) return 'HAS_TENANT';
  return null;
}

// ------------------------------------------------------------------ access

/**
 * Whether a user may make and delete the company's unassigned IDs (they count against the company's
 * annual limit): a company admin, or an admin or editor of a job site that has a Lumitrack project; never
 * a Read-Only account (docs/decisions/lumitrack.md). An ID in a project is changed by those who may change
 * that project's job site.
 */
export function canManageLumitrackIds(
  accountType: string | null | undefined,
  lumitrackSiteAccesses: readonly (number | string | null | undefined)[],
): boolean {
  if (isReadOnlyAccount(accountType)) return false;
  return isAdminAccount(accountType) || lumitrackSiteAccesses.some((a) => isWriterAccess(a));
}

// ------------------------------------------------------------------ ID file requests

/** File request types: QR code labels. */
export const ID_FILE_REQUEST_TYPES = ['QR_CODE'] as const;
export type IdFileRequestType = (typeof ID_FILE_REQUEST_TYPES)[number];
/**
 * A file request is stored NEW (section 4), made by the label worker (RUNNING), then DONE with its file or
 * ERROR with a reason.
 */
export const ID_FILE_REQUEST_STATUSES = ['NEW', 'RUNNING', 'DONE', 'ERROR'] as const;
export type IdFileRequestStatus = (typeof ID_FILE_REQUEST_STATUSES)[number];
/** The file made: one PNG label, one PDF of label sheets, or a zip of PNG labels (several IDs as PNG). */
export const ID_FILE_TYPES = ['PNG', 'PDF', 'ZIP'] as const;
export type IdFileType = (typeof ID_FILE_TYPES)[number];

/** The file a format gives for `count` IDs: PDF for the PDF formats; PNG for one ID, a zip of PNGs for more. */
export function idFileType(format: QrFormat, count: number): IdFileType {
  if (format !== 'PNG') return 'PDF';
  return count > 1 ? 'ZIP' : 'PNG';
}

export const ID_FILE_CONTENT_TYPES: Readonly<Record<IdFileType, string>> = {
  PNG: 'image/png',
  PDF: 'application/pdf',
  ZIP: 'application/zip',
};

/**
 * The name a label file downloads as: the ID itself for one ID (LT-7K3M-Q9XP.pdf), otherwise
 * lumitrack-labels-{request id}-{count}.{ext}; A4 and Letter PDFs say which they are.
 */
export function idFileDownloadName(
  requestId: number,
  format: QrFormat,
  lumitrackIds: readonly string[],
): string {
  const type = idFileType(format, lumitrackIds.length);
  const ext = type.toLowerCase();
  const paper = format === 'PDF_A4' ? '-a4' : format === 'PDF_LETTER' ? '-letter' : '';
  if (lumitrackIds.length === 1) return `${lumitrackIds[0]}${paper}.${ext}`;
  return `lumitrack-labels-${requestId}-${lumitrackIds.length}${paper}.${ext}`;
}

// ------------------------------------------------------------------ label sheets

/**
 * A sheet of labels, in millimetres from the page's top-left corner (docs/decisions/lumitrack-labels.md):
 * A4 holds 3 x 7 labels of 63.5 x 38.1 mm (the common L7160 sheet), Letter 3 x 10 labels of
 * 66.675 x 25.4 mm (2-5/8 x 1 in, the common 5160 sheet).
 */
export interface LabelSheet {
  format: Exclude<QrFormat, 'PNG'>;
  pageWidthMm: number;
  pageHeightMm: number;
  labelWidthMm: number;
  labelHeightMm: number;
  columns: number;
  rows: number;
  /** left edge of the first column, top edge of the first row */
  marginLeftMm: number;
  marginTopMm: number;
  /** from one label's left (top) edge to the next one's */
  pitchXMm: number;
  pitchYMm: number;
  /** the stock the grid matches */
  stock: string;
}

const INCH = 25.4;

export const LABEL_SHEETS: Readonly<Record<Exclude<QrFormat, 'PNG'>, LabelSheet>> = {
  PDF_A4: {
    format: 'PDF_A4',
    pageWidthMm: 210,
    pageHeightMm: 297,
    labelWidthMm: 63.5,
    labelHeightMm: 38.1,
    columns: 3,
    rows: 7,
    marginLeftMm: 7.21,
    marginTopMm: 15.15,
    pitchXMm: 66.04,
    pitchYMm: 38.1,
    stock: 'A4, 21 labels of 63.5 x 38.1 mm (L7160 layout)',
  },
  PDF_LETTER: {
    format: 'PDF_LETTER',
    pageWidthMm: 8.5 * INCH,
    pageHeightMm: 11 * INCH,
    labelWidthMm: 2.625 * INCH,
    labelHeightMm: 1 * INCH,
    columns: 3,
    rows: 10,
    marginLeftMm: 0.1875 * INCH,
    marginTopMm: 0.5 * INCH,
    pitchXMm: 2.75 * INCH,
    pitchYMm: 1 * INCH,
    stock: 'Letter, 30 labels of 2-5/8 x 1 in (5160 layout)',
  },
};

/** A PNG label: the A4 sheet's label size, at 300 dots per inch (its pHYs says so: it prints true to size). */
export const PNG_LABEL = { widthMm: 63.5, heightMm: 38.1, dpi: 300 } as const;

/** Labels on one sheet. */
export const labelsPerSheet = (sheet: LabelSheet): number => sheet.columns * sheet.rows;

/** Where the `index`-th label (from 0) goes: its page (from 0) and its top-left corner in mm; row by row. */
export function labelSlot(sheet: LabelSheet, index: number): { page: number; xMm: number; yMm: number } {
  const perPage = labelsPerSheet(sheet);
  const page = Math.floor(index / perPage);
  const onPage = index % perPage;
  const row = Math.floor(onPage / sheet.columns);
  const col = onPage % sheet.columns;
  return {
    page,
    xMm: sheet.marginLeftMm + col * sheet.pitchXMm,
    yMm: sheet.marginTopMm + row * sheet.pitchYMm,
  };
}
