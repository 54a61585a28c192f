import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../config/app-config';
import { areaIndex, areaOf, foldAreaText, parseCsv } from './area-index';

const data = (file: string) => parseCsv(readFileSync(join(PROJECT_ROOT, 'data', 'bd-geo', file), 'utf8'));
const ids = (query: string) => areaIndex().search(query).map((area) => area.id);

describe('the area index (ADR 059)', () => {
  const districts = data('districts.csv');
  const upazilas = data('upazilas.csv');
  const thanas = data('city-thanas.csv');

  it('holds every district, upazila and city thana of the files', () => {
    expect(districts).toHaveLength(64);
    expect(upazilas).toHaveLength(494);
    expect(areaIndex().size).toBe(64 + 494 + thanas.length);
  });

  it.each([
    ['district', 'd', districts, 2, 3],
    ['upazila', 'u', upazilas, 2, 3],
    ['city thana', 't', thanas, 2, 3],
  ] as const)('finds every %s by its English and by its Bengali name', (_kind, prefix, rows, en, bn) => {
    const missed: string[] = [];
    for (const row of rows) {
      const id = `${prefix}-${row[0]}`;
      for (const name of [row[en]!, row[bn]!]) if (!ids(name).includes(id)) missed.push(`${id} by "${name}"`);
    }
    expect(missed).toEqual([]);
  });

  it('ranks the whole name first: a district before the upazilas and thanas that start like it', () => {
    expect(ids('Dhaka')[0]).toBe('d-47');
    expect(ids('ঢাকা')[0]).toBe('d-47');
    expect(ids('Mirpur')[0]).toBe('t-26');
  });

  it('matches from two characters, by any word, case and punctuation aside; one character finds nothing', () => {
    expect(ids('m')).toEqual([]);
    expect(ids('mi').length).toBeGreaterThan(0);
    expect(ids('dha')).toEqual(expect.arrayContaining(['d-47', 't-12']));
    expect(ids('SHER E BANGLA')).toContain('t-40');
    expect(ids('sherebangla')).toContain('t-40');
    expect(ids('bangla nagar')).toContain('t-40');
    expect(ids('uttara w')[0]).toBe('t-47');
  });

  it('takes three letters in Bengali, spelling variants of long vowels and nukta alike', () => {
    expect(ids('ধান')).toContain('t-12');
    expect(ids('কোতোয়ালি')).toEqual(expect.arrayContaining(['t-24', 't-111']));
    expect(foldAreaText('যাত্রাবাড়ী')).toBe(foldAreaText('যাত্রাবাড়ি'));
  });

  it('reads Bengali digits as digits and older district spellings as the district', () => {
    expect(foldAreaText('মিরপুর ১০')).toBe(`${foldAreaText('মিরপুর')} 10`);
    expect(ids('Chittagong')[0]).toBe('d-8');
    expect(ids('comilla')[0]).toBe('d-1');
  });

  it('narrows by the district when a word names it ("kotwali chattogram", "savar dhaka")', () => {
    expect(ids('kotwali chattogram')).toContain('t-111');
    expect(ids('kotwali chattogram')).not.toContain('t-24');
    expect(ids('savar dhaka')[0]).toBe('u-365');
  });

  it('answers at most the limit asked', () => {
    expect(areaIndex().search('a', 5)).toHaveLength(0);
    expect(areaIndex().search('sa', 5)).toHaveLength(5);
  });

  it('tells the courier code the district and the thana of an area (areaOf)', () => {
    expect(areaOf('t-12')).toEqual({
      id: 't-12', kind: 'thana', name: 'Dhanmondi', name_bn: 'ধানমন্ডি', district: 'Dhaka', district_bn: 'ঢাকা', district_id: 'd-47', thana: 'Dhanmondi', thana_bn: 'ধানমন্ডি',
    });
    expect(areaOf('d-47')).toMatchObject({ district: 'Dhaka', thana: null });
    expect(areaOf('u-365')).toMatchObject({ name: 'Savar', district: 'Dhaka', thana: 'Savar' });
    expect(areaOf('x-1')).toBeNull();
  });
});
