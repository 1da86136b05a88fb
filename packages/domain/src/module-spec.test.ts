import { describe, expect, it } from 'vitest';
import {
  APPLICATION_TYPES,
  filterByApplicationType,
  isApplicationType,
  isMaturityStrengthDisabled,
  largestTierSpecNumber,
  parseModuleSpec,
  strengthShown,
} from './module-spec.ts';

describe('module spec (section 3)', () => {
  it('reads JSON objects only', () => {
    expect(parseModuleSpec('{"a":1}')).toEqual({ a: 1 });
    expect(parseModuleSpec('[1]')).toEqual({});
    expect(parseModuleSpec('not json')).toEqual({});
    expect(parseModuleSpec(null)).toEqual({});
  });

  it('turns strength off only with disable_maturity_strength true', () => {
    expect(isMaturityStrengthDisabled('{"disable_maturity_strength":true}')).toBe(true);
    expect(isMaturityStrengthDisabled('{"disable_maturity_strength":"true"}')).toBe(true);
    expect(isMaturityStrengthDisabled('{"disable_maturity_strength":false}')).toBe(false);
    expect(isMaturityStrengthDisabled('{}')).toBe(false);
    expect(isMaturityStrengthDisabled('{broken')).toBe(false);
  });

  it("shows strength unless the company's Concrete module disables it", () => {
    const off = '{"disable_maturity_strength":true}';
    expect(strengthShown([{ moduleType: 'Concrete', spec: off }])).toBe(false);
    expect(strengthShown([{ moduleType: 'Concrete', spec: '{}' }])).toBe(true);
    // Another module's spec does not count.
    expect(strengthShown([{ moduleType: 'Lumimon', spec: off }])).toBe(true);
    expect(strengthShown(undefined)).toBe(true);
  });
});

describe('tierSpecs (section 3)', () => {
  it('read a company-wide number as the largest positive whole one its modules give', () => {
    const f = 'storage_limit_in_mb';
    expect(largestTierSpecNumber(['{"storage_limit_in_mb":10}', '{"storage_limit_in_mb":20}'], f)).toBe(20);
    expect(largestTierSpecNumber(['{"lumitrack_id_annual_limit":5000}', '{}'], f)).toBeNull();
    // Not JSON, not an object, zero, negative, fractional, text, past the safe integers: none of them counts.
    expect(
      largestTierSpecNumber(
        [
          'not json',
          'null',
          '[1]',
          `{"${f}":0}`,
          `{"${f}":-3}`,
          `{"${f}":1.5}`,
          `{"${f}":"9"}`,
          `{"${f}":1e300}`,
        ],
        f,
      ),
    ).toBeNull();
    expect(largestTierSpecNumber([], f)).toBeNull();
  });
});

describe('application types (sections 6, 7)', () => {
  it("knows '1' (web dashboard) and '2' (mobile app)", () => {
    expect(APPLICATION_TYPES.WEB_DASHBOARD).toBe('1');
    expect(isApplicationType('1')).toBe(true);
    expect(isApplicationType('2')).toBe(true);
    expect(isApplicationType('3')).toBe(false);
    expect(isApplicationType(1)).toBe(false);
  });

  it('keeps the granted sites that are in the server list', () => {
    const sites = [{ id: 1 }, { id: 2 }, { id: 3 }];
    expect(filterByApplicationType(sites, [3, 1, 9])).toEqual([{ id: 1 }, { id: 3 }]);
    expect(filterByApplicationType(sites, [])).toEqual([]);
    expect(filterByApplicationType(sites, undefined)).toEqual(sites);
  });
});
