import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../config/app-config';

/**
 * The places an order can go to (ADR 059): the 64 districts and 494 upazilas of the open data set in
 * `data/bd-geo/` and our own list of Dhaka's and Chattogram's city thanas, loaded once, searched in memory.
 * Ids are stable strings: `d-47` (district), `u-365` (upazila), `t-12` (city thana); the numbers are the
 * files' own ids, never reused.
 */
export type AreaKind = 'district' | 'upazila' | 'thana';

export interface Area {
  id: string;
  kind: AreaKind;
  name: string;
  nameBn: string;
  districtId: string;
  district: string;
  districtBn: string;
  /** Other English spellings (Dhanmandi, Chittagong): searched, never shown. */
  aliases: readonly string[];
}

/** What the courier code reads of an area (ADR 059): the district and the thana or upazila, in both languages. */
export interface AreaOfOrder {
  id: string;
  kind: AreaKind;
  name: string;
  name_bn: string;
  district: string;
  district_bn: string;
  district_id: string;
  /** The thana or upazila; null when only a district was picked. */
  thana: string | null;
  thana_bn: string | null;
}

/** Older spellings shoppers still type for districts whose English name changed (2018) or varies. */
const DISTRICT_ALIASES: Record<string, string[]> = {
  Chattogram: ['Chittagong', 'Ctg'],
  Cumilla: ['Comilla'],
  Barisal: ['Barishal'],
  Jashore: ['Jessore'],
  Bogura: ['Bogra'],
  Chapainawabganj: ['Chapai Nawabganj', 'Nawabganj'],
  Jhalakathi: ['Jhalokati'],
  Coxsbazar: ["Cox's Bazar"],
  Moulvibazar: ['Maulvibazar'],
  Netrokona: ['Netrakona'],
};

const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';

/**
 * Text as the search compares it: lower case, Latin accents dropped, Bengali digits as ASCII digits, Bengali
 * spelling variants folded (nukta, chandrabindu and the joiners dropped, long i/u as short), punctuation as
 * spaces. "Sher-e-Bangla", "sher e bangla" and "SHER-E-BANGLA" read alike; so do কোতোয়ালী and কোতয়ালি's vowels.
 */
export function foldAreaText(text: string): string {
  let folded = text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  folded = folded.replace(/[\u09bc\u0981\u200c\u200d]/g, '').replace(/\u09c0/g, '\u09bf').replace(/\u09c2/g, '\u09c1');
  folded = folded.replace(/[০-৯]/g, (digit) => String(BENGALI_DIGITS.indexOf(digit)));
  return folded
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();
}

interface Entry {
  area: Area;
  /** Folded names (the name, the Bengali name, the aliases). */
  names: string[];
  /** Each folded name without spaces. */
  compact: string[];
  words: string[];
  districtWords: string[];
  rank: number;
}

const KIND_RANK: Record<AreaKind, number> = { district: 0, thana: 1, upazila: 2 };

/** The shortest text the search answers; anything shorter finds nothing. */
export const AREA_QUERY_MIN = 2;

export class AreaIndex {
  private readonly byId = new Map<string, Area>();
  private readonly entries: Entry[] = [];

  constructor(areas: readonly Area[]) {
    for (const area of areas) {
      this.byId.set(area.id, area);
      const names = [area.name, area.nameBn, ...area.aliases].map(foldAreaText).filter(Boolean);
      const districtNames = area.kind === 'district' ? [] : [area.district, area.districtBn, ...(DISTRICT_ALIASES[area.district] ?? [])].map(foldAreaText);
      this.entries.push({
        area,
        names,
        compact: names.map((name) => name.replace(/ /g, '')),
        words: [...new Set(names.flatMap((name) => name.split(' ')))],
        districtWords: [...new Set(districtNames.flatMap((name) => name.split(' ')))],
        rank: KIND_RANK[area.kind],
      });
    }
  }

  get size(): number {
    return this.byId.size;
  }

  all(): readonly Area[] {
    return [...this.byId.values()];
  }

  get(id: string): Area | undefined {
    return this.byId.get(id);
  }

  /**
   * Areas whose name (English or Bengali, or another spelling) matches `text`: the whole name first, then names
   * that start with it, then names whose words start with each word typed, then those where some words name the
   * district ("mirpur dhaka"). Districts before thanas before upazilas at the same level, shorter names first.
   */
  search(text: string, limit = 20): Area[] {
    const query = foldAreaText(text);
    if (query.length < AREA_QUERY_MIN) return [];
    const compactQuery = query.replace(/ /g, '');
    const tokens = query.split(' ');
    const hits: Array<{ score: number; entry: Entry }> = [];
    for (const entry of this.entries) {
      const score = scoreOf(entry, query, compactQuery, tokens);
      if (score !== null) hits.push({ score, entry });
    }
    hits.sort((a, b) => a.score - b.score || a.entry.rank - b.entry.rank || a.entry.area.name.length - b.entry.area.name.length || a.entry.area.name.localeCompare(b.entry.area.name) || a.entry.area.district.localeCompare(b.entry.area.district));
    return hits.slice(0, limit).map((hit) => hit.entry.area);
  }
}

function scoreOf(entry: Entry, query: string, compactQuery: string, tokens: string[]): number | null {
  if (entry.names.includes(query) || entry.compact.includes(compactQuery)) return 0;
  if (entry.names.some((name) => name.startsWith(query)) || entry.compact.some((name) => name.startsWith(compactQuery))) return 1;
  if (tokens.every((token) => entry.words.some((word) => word.startsWith(token)))) return 2;
  if (entry.districtWords.length > 0 && tokens.some((token) => entry.words.some((word) => word.startsWith(token)))) {
    if (tokens.every((token) => entry.words.some((word) => word.startsWith(token)) || entry.districtWords.some((word) => word.startsWith(token)))) return 3;
  }
  return null;
}

/** The rows of one of the data set's CSV files: every value quoted, no header. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const values: string[] = [];
    const pattern = /"((?:[^"]|"")*)"|([^,]*)/g;
    let position = 0;
    while (position <= line.length) {
      pattern.lastIndex = position;
      const match = pattern.exec(line);
      if (!match) break;
      values.push(match[1] !== undefined ? match[1].replace(/""/g, '"') : (match[2] ?? '').trim());
      position = pattern.lastIndex + 1;
      if (pattern.lastIndex >= line.length) break;
    }
    rows.push(values);
  }
  return rows;
}

/** Every area from the files of `dir` (by default the repository's `data/bd-geo`). */
export function loadAreas(dir = join(PROJECT_ROOT, 'data', 'bd-geo')): Area[] {
  const read = (file: string) => parseCsv(readFileSync(join(dir, file), 'utf8'));
  const areas: Area[] = [];
  const districts = new Map<string, { name: string; nameBn: string }>();
  for (const [id, , name, nameBn] of read('districts.csv')) {
    districts.set(id!, { name: name!, nameBn: nameBn! });
    areas.push({ id: `d-${id}`, kind: 'district', name: name!, nameBn: nameBn!, districtId: `d-${id}`, district: name!, districtBn: nameBn!, aliases: DISTRICT_ALIASES[name!] ?? [] });
  }
  const inDistrict = (kind: 'upazila' | 'thana', prefix: string, rows: string[][]) => {
    for (const [id, districtId, name, nameBn, aliases] of rows) {
      const district = districts.get(districtId!);
      if (!district) throw new Error(`${kind} ${id} names an unknown district ${districtId}`);
      areas.push({
        id: `${prefix}-${id}`,
        kind,
        name: name!,
        nameBn: nameBn!,
        districtId: `d-${districtId}`,
        district: district.name,
        districtBn: district.nameBn,
        aliases: (aliases ?? '').split('|').map((alias) => alias.trim()).filter(Boolean),
      });
    }
  };
  inDistrict('upazila', 'u', read('upazilas.csv').map(([id, districtId, name, nameBn]) => [id!, districtId!, name!, nameBn!, '']));
  inDistrict('thana', 't', read('city-thanas.csv'));
  return areas;
}

let loaded: AreaIndex | null = null;

/** The one index of the process, loaded on first use (about 620 areas, a few milliseconds). */
export function areaIndex(): AreaIndex {
  loaded ??= new AreaIndex(loadAreas());
  return loaded;
}

/**
 * An area by its id as the courier code needs it (district, thana or upazila, Bengali names), or null for an
 * unknown id. Couriers' own area ids (Pathao city/zone/area, RedX area) are mapped from this by their adapters.
 */
export function areaOf(areaId: string): AreaOfOrder | null {
  const area = areaIndex().get(areaId);
  if (!area) return null;
  const local = area.kind !== 'district';
  return {
    id: area.id,
    kind: area.kind,
    name: area.name,
    name_bn: area.nameBn,
    district: area.district,
    district_bn: area.districtBn,
    district_id: area.districtId,
    thana: local ? area.name : null,
    thana_bn: local ? area.nameBn : null,
  };
}

/**
 * The district a free-text address names (ADR 059), for orders placed without a picked area: the districts,
 * their older spellings and the city thanas named by whole words, English or Bengali ("House 4, Road 2,
 * Dhanmondi, Dhaka"). Undefined when none is named, or when two different districts are (care must ask).
 */
export function districtInText(text: string): Area | undefined {
  const folded = ` ${foldAreaText(text)} `;
  const found = new Set<string>();
  for (const area of areaIndex().all()) {
    if (area.kind === 'upazila') continue;
    const names = [area.name, area.nameBn, ...area.aliases].map(foldAreaText).filter((name) => name.length >= 3);
    if (names.some((name) => folded.includes(` ${name} `))) found.add(area.districtId);
  }
  if (found.size !== 1) return undefined;
  return areaIndex().get([...found][0]!);
}

/** The district an area id belongs to, or null for an unknown id. */
export function districtOf(areaId: string): Area | undefined {
  const area = areaIndex().get(areaId);
  return area ? areaIndex().get(area.districtId) : undefined;
}
