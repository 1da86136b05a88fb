import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHECKLIST_ITEM_KINDS,
  CHECKLIST_ITEMS_MAX,
  CHECKLIST_LABEL_MAX,
  CHECKLIST_NUMBER_LIMIT,
  CHECKLIST_TEXT_ANSWER_MAX,
  type ChecklistItemDef,
  type ChecklistTemplateDef,
  checkChecklistAnswers,
  checkChecklistName,
  checkChecklistTemplate,
  checklistPhotoTypeOf,
  checklistRangeText,
  isChecklistPhotoId,
  sameChecklistTemplate,
} from './checklists.ts';

const QA: ChecklistTemplateDef = {
  items: [
    { key: 'cover', label: 'Cover to reinforcement checked', kind: 'CHECK', required: true },
    { key: 'slump', label: 'Slump', kind: 'NUMBER', required: true, unit: 'mm', min: 0, max: 250 },
    { key: 'notes', label: 'Notes', kind: 'TEXT', required: false },
    { key: 'defect_photo', label: 'Photo of any defect', kind: 'PHOTO', required: false },
  ],
};
const PHOTO = '0f8fad5b-d9cb-469f-a165-70867728950e';

const errorOf = (r: { ok: boolean; error?: string }) => (r.ok ? undefined : r.error);

describe('checkChecklistTemplate', () => {
  it('accepts a template and answers it cleaned: texts trimmed, required false by default, unknown fields left out', () => {
    const r = checkChecklistTemplate({
      items: [
        { key: 'slump', label: '  Slump  ', kind: 'NUMBER', required: true, unit: ' mm ', min: 0, max: 250 },
        { key: 'ok', label: 'Looks right', kind: 'CHECK', extra: 'dropped', hint: '  ' },
        { key: 'n', label: 'Any number', kind: 'NUMBER', unit: '' },
      ],
      other: 1,
    });
    expect(r).toEqual({
      ok: true,
      value: {
        items: [
          { key: 'slump', label: 'Slump', kind: 'NUMBER', required: true, unit: 'mm', min: 0, max: 250 },
          { key: 'ok', label: 'Looks right', kind: 'CHECK', required: false },
          { key: 'n', label: 'Any number', kind: 'NUMBER', required: false },
        ],
      },
    });
  });

  it.each([
    [null, /must be an object/],
    [[], /must be an object/],
    [{}, /list of items/],
    [{ items: [] }, /at least one item/],
    [{ items: 'x' }, /list of items/],
    [{ items: [1] }, /Item 1 must be an object/],
    [{ items: [{ key: 'Bad', label: 'x', kind: 'CHECK' }] }, /Item 1: the key "Bad" must be/],
    [{ items: [{ key: '1a', label: 'x', kind: 'CHECK' }] }, /Item 1: the key/],
    [{ items: [{ key: 'a'.repeat(41), label: 'x', kind: 'CHECK' }] }, /the key/],
    [{ items: [{ label: 'x', kind: 'CHECK' }] }, /Item 1: the key must be/],
    [
      { items: [{ key: 'a', label: 'x', kind: 'SIGNATURE' }] },
      /Item 1 \('a'\): the kind must be one of CHECK, NUMBER, TEXT, PHOTO/,
    ],
    [{ items: [{ key: 'a', label: '   ', kind: 'CHECK' }] }, /Item 1 \('a'\): the label must not be blank/],
    [{ items: [{ key: 'a', label: 7, kind: 'CHECK' }] }, /the label must be a text/],
    [
      { items: [{ key: 'a', label: 'x'.repeat(CHECKLIST_LABEL_MAX + 1), kind: 'CHECK' }] },
      /at most 200 characters/,
    ],
    [{ items: [{ key: 'a', label: 'tab\there', kind: 'CHECK' }] }, /control characters/],
    [{ items: [{ key: 'a', label: 'half \ud800', kind: 'CHECK' }] }, /broken character/],
    [{ items: [{ key: 'a', label: 'x', kind: 'CHECK', required: 'yes' }] }, /required must be true or false/],
    [{ items: [{ key: 'a', label: 'x', kind: 'TEXT', unit: 'mm' }] }, /unit belong to NUMBER items only/],
    [
      { items: [{ key: 'a', label: 'x', kind: 'CHECK', min: 1, max: 2 }] },
      /min, max belong to NUMBER items only/,
    ],
    [
      { items: [{ key: 'a', label: 'x', kind: 'NUMBER', min: 5, max: 1 }] },
      /min \(5\) must not be greater than max \(1\)/,
    ],
    [{ items: [{ key: 'a', label: 'x', kind: 'NUMBER', min: Number.NaN }] }, /min must be a number/],
    [{ items: [{ key: 'a', label: 'x', kind: 'NUMBER', max: '3' }] }, /max must be a number/],
    [{ items: [{ key: 'a', label: 'x', kind: 'NUMBER', max: 1e12 }] }, /max must be between/],
    [
      { items: [{ key: 'a', label: 'x', kind: 'NUMBER', unit: 'u'.repeat(21) }] },
      /the unit must be at most 20/,
    ],
    [
      {
        items: [
          { key: 'a', label: 'x', kind: 'CHECK' },
          { key: 'a', label: 'y', kind: 'TEXT' },
        ],
      },
      /Item 2 \('a'\): the key 'a' is used by an earlier item/,
    ],
  ])('refuses %j with a message naming the fault', (input, message) => {
    const r = checkChecklistTemplate(input);
    expect(r.ok).toBe(false);
    expect(errorOf(r)).toMatch(message);
  });

  it('takes 100 items, not 101', () => {
    const items = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ key: `item_${i}`, label: `Item ${i}`, kind: 'CHECK' }));
    expect(checkChecklistTemplate({ items: items(CHECKLIST_ITEMS_MAX) }).ok).toBe(true);
    expect(errorOf(checkChecklistTemplate({ items: items(CHECKLIST_ITEMS_MAX + 1) }))).toMatch(
      /at most 100 items \(it has 101\)/,
    );
  });

  const validItem: fc.Arbitrary<ChecklistItemDef> = fc
    .record({
      label: fc.string({ minLength: 1, maxLength: 60 }).filter((s) => /^[\w .,()-]*\w[\w .,()-]*$/.test(s)),
      kind: fc.constantFrom(...CHECKLIST_ITEM_KINDS),
      required: fc.boolean(),
      a: fc.integer({ min: -1000, max: 1000 }),
      b: fc.integer({ min: -1000, max: 1000 }),
    })
    .map(({ label, kind, required, a, b }) => {
      const item: ChecklistItemDef = { key: 'k', label: label.trim(), kind, required };
      if (kind === 'NUMBER') Object.assign(item, { unit: 'mm', min: Math.min(a, b), max: Math.max(a, b) });
      return item;
    });
  const validTemplate = fc
    .array(validItem, { minLength: 1, maxLength: 20 })
    .map((items) => ({ items: items.map((it, i) => ({ ...it, key: `item_${i}` })) }));

  it('accepts every well-formed template, and its cleaned form is stable (property)', () => {
    fc.assert(
      fc.property(validTemplate, (t) => {
        const r = checkChecklistTemplate(t);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        const again = checkChecklistTemplate(JSON.parse(JSON.stringify(r.value)));
        expect(again.ok && sameChecklistTemplate(again.value, r.value)).toBe(true);
      }),
    );
  });

  it('never throws on any value and refuses what is not a template with a clear message (property)', () => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true, withBigInt: true, withMap: true }), (input) => {
        const r = checkChecklistTemplate(input);
        if (!r.ok) {
          expect(r.error.length).toBeGreaterThan(10);
          expect(r.error.length).toBeLessThan(400);
        }
      }),
    );
  });

  /** One hostile change to a valid template, and what the message must say. */
  const hostileChange = fc.oneof(
    fc
      .record({ field: fc.constant('key'), value: fc.oneof(fc.string(), fc.integer(), fc.constant(null)) })
      .filter((c) => !(typeof c.value === 'string' && /^[a-z][a-z0-9_]{0,39}$/.test(c.value))),
    fc
      .record({
        field: fc.constant('kind'),
        value: fc.oneof(fc.string(), fc.boolean(), fc.constant(undefined)),
      })
      .filter((c) => !(CHECKLIST_ITEM_KINDS as readonly unknown[]).includes(c.value)),
    fc.record({
      field: fc.constant('label'),
      value: fc.oneof(
        fc.constant(''),
        fc.constant(' \n '),
        fc
          .string({ minLength: CHECKLIST_LABEL_MAX + 1, maxLength: CHECKLIST_LABEL_MAX + 50 })
          .map((s) => `x${s}x`),
        fc.string().map((s) => `a\u0007${s}`),
        fc.integer(),
        fc.constant({}),
      ),
    }),
    fc.record({
      field: fc.constant('required'),
      value: fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.constant([])),
    }),
  );

  it('refuses a valid template with one hostile item, naming that item (property)', () => {
    fc.assert(
      fc.property(validTemplate, fc.nat(), hostileChange, (t, at, change) => {
        const i = at % t.items.length;
        const items: Record<string, unknown>[] = t.items.map((it) => ({ ...it }));
        items[i][change.field] = change.value;
        const r = checkChecklistTemplate({ items });
        expect(r.ok).toBe(false);
        expect(errorOf(r)).toMatch(new RegExp(`^Item ${i + 1}\\b`));
      }),
    );
  });

  it('refuses number bounds in the wrong order or out of range, naming the item (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: false }),
        fc.double({ noNaN: true, noDefaultInfinity: false }),
        (min, max) => {
          const r = checkChecklistTemplate({ items: [{ key: 'n', label: 'N', kind: 'NUMBER', min, max }] });
          const inRange = (v: number) => Number.isFinite(v) && Math.abs(v) <= CHECKLIST_NUMBER_LIMIT;
          expect(r.ok).toBe(inRange(min) && inRange(max) && min <= max);
          if (!r.ok) expect(r.error).toMatch(/^Item 1 \('n'\): (min|max)/);
        },
      ),
    );
  });
});

describe('checkChecklistAnswers', () => {
  it('answers the items answered, in the template order, texts trimmed', () => {
    const r = checkChecklistAnswers(QA, [
      { key: 'notes', value: '  Chipped corner, north face ' },
      { key: 'slump', value: 120 },
      { key: 'cover', value: false },
      { key: 'defect_photo', value: PHOTO },
    ]);
    expect(r).toEqual({
      ok: true,
      value: [
        { key: 'cover', value: false },
        { key: 'slump', value: 120 },
        { key: 'notes', value: 'Chipped corner, north face' },
        { key: 'defect_photo', value: PHOTO },
      ],
    });
    // Optional items may be left out, or sent empty.
    expect(
      checkChecklistAnswers(QA, [
        { key: 'cover', value: true },
        { key: 'slump', value: 0 },
        { key: 'notes', value: '  ' },
        { key: 'defect_photo', value: null },
      ]),
    ).toEqual({
      ok: true,
      value: [
        { key: 'cover', value: true },
        { key: 'slump', value: 0 },
      ],
    });
  });

  it.each([
    [[{ key: 'slump', value: 100 }], /Item 'cover' \(Cover to reinforcement checked\) is required/],
    [[{ key: 'cover', value: true }], /Item 'slump' \(Slump\) is required/],
    [
      [
        { key: 'cover', value: true },
        { key: 'slump', value: null },
      ],
      /Item 'slump' \(Slump\) is required/,
    ],
    [
      [
        { key: 'cover', value: true },
        { key: 'slump', value: 251 },
      ],
      /Item 'slump' \(Slump\) 251 is out of bounds: it must be between 0 and 250 mm/,
    ],
    [
      [
        { key: 'cover', value: true },
        { key: 'slump', value: -1 },
      ],
      /out of bounds/,
    ],
    [
      [
        { key: 'cover', value: true },
        { key: 'slump', value: '120' },
      ],
      /Item 'slump' \(Slump\) expects a number/,
    ],
    [
      [
        { key: 'cover', value: 'yes' },
        { key: 'slump', value: 1 },
      ],
      /Item 'cover' .* expects true \(pass\) or false \(fail\)/,
    ],
    [
      [
        { key: 'cover', value: 1 },
        { key: 'slump', value: 1 },
      ],
      /Item 'cover' .* expects true/,
    ],
    [
      [
        { key: 'cover', value: true },
        { key: 'slump', value: 1 },
        { key: 'notes', value: 5 },
      ],
      /Item 'notes' \(Notes\) expects a text/,
    ],
    [
      [
        { key: 'cover', value: true },
        { key: 'slump', value: 1 },
        { key: 'notes', value: 'x'.repeat(CHECKLIST_TEXT_ANSWER_MAX + 1) },
      ],
      /Item 'notes' \(Notes\) the text must be at most 2000 characters/,
    ],
    [
      [
        { key: 'cover', value: true },
        { key: 'slump', value: 1 },
        { key: 'defect_photo', value: 'photo.jpg' },
      ],
      /Item 'defect_photo' .* expects the id of an uploaded photo/,
    ],
    [
      [
        { key: 'cover', value: true },
        { key: 'cover', value: false },
      ],
      /Item 'cover' .* is answered twice/,
    ],
    [[{ key: 'colour', value: 'grey' }], /Answer 1: this checklist has no item "colour"/],
    [[{ value: 1 }], /Answer 1 must be an object with the key of an item/],
    ['nope', /must be a list/],
  ])('refuses %j naming the item', (answers, message) => {
    const r = checkChecklistAnswers(QA, answers);
    expect(r.ok).toBe(false);
    expect(errorOf(r)).toMatch(message);
  });

  it('keeps a text answer with lines and refuses one with other control characters', () => {
    const base = [
      { key: 'cover', value: true },
      { key: 'slump', value: 1 },
    ];
    expect(checkChecklistAnswers(QA, [...base, { key: 'notes', value: 'a\nb\tc' }]).ok).toBe(true);
    expect(errorOf(checkChecklistAnswers(QA, [...base, { key: 'notes', value: 'a\u001bb' }]))).toMatch(
      /control characters/,
    );
  });

  it('a number answer without bounds stays within ±1e9', () => {
    const t: ChecklistTemplateDef = { items: [{ key: 'n', label: 'N', kind: 'NUMBER', required: true }] };
    expect(checkChecklistAnswers(t, [{ key: 'n', value: -1e9 }]).ok).toBe(true);
    expect(errorOf(checkChecklistAnswers(t, [{ key: 'n', value: 2e9 }]))).toMatch(
      /between -1000000000 and 1000000000/,
    );
  });

  it('never throws and accepts only answers that fit the template (property)', () => {
    fc.assert(
      fc.property(fc.anything(), (answers) => {
        const r = checkChecklistAnswers(QA, answers);
        // QA has two required items: nothing random answers both of them right.
        expect(r.ok).toBe(false);
        if (!r.ok) expect(r.error.length).toBeGreaterThan(10);
      }),
    );
  });

  it('accepts a number answer exactly when it lies within the bounds (property)', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), (v) => {
        const r = checkChecklistAnswers(QA, [
          { key: 'cover', value: true },
          { key: 'slump', value: v },
        ]);
        expect(r.ok).toBe(v >= 0 && v <= 250);
        if (!r.ok) expect(r.error).toMatch(/^Item 'slump' \(Slump\)/);
      }),
    );
  });
});

describe('names, ids and photos', () => {
  it('checks a template name', () => {
    expect(checkChecklistName('  Precast element QA ')).toEqual({ ok: true, value: 'Precast element QA' });
    expect(errorOf(checkChecklistName(''))).toMatch(/must not be blank/);
    expect(errorOf(checkChecklistName('x'.repeat(101)))).toMatch(/at most 100/);
    expect(errorOf(checkChecklistName('a\rb'))).toMatch(/control/);
    expect(errorOf(checkChecklistName(3))).toMatch(/must be a text/);
  });

  it('tells photo ids', () => {
    expect(isChecklistPhotoId(PHOTO)).toBe(true);
    expect(isChecklistPhotoId(PHOTO.toUpperCase())).toBe(false);
    expect(isChecklistPhotoId(`${PHOTO}/../x`)).toBe(false);
  });

  it('reads an image type from its bytes, not its name', () => {
    const ascii = (s: string) => Uint8Array.from([...s].map((c) => c.charCodeAt(0)));
    const bytes = (...b: number[]) => Uint8Array.from([...b, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(checklistPhotoTypeOf(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(checklistPhotoTypeOf(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(checklistPhotoTypeOf(ascii('RIFF\u0010\u0000\u0000\u0000WEBPVP8 '))).toBe('image/webp');
    expect(checklistPhotoTypeOf(ascii('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(null);
    expect(checklistPhotoTypeOf(ascii('GIF89a......'))).toBe(null);
    expect(checklistPhotoTypeOf(new Uint8Array())).toBe(null);
  });

  it('says a number range in words', () => {
    expect(checklistRangeText({ min: 0, max: 250, unit: 'mm' })).toBe('between 0 and 250 mm');
    expect(checklistRangeText({ min: 20 })).toBe('at least 20');
    expect(checklistRangeText({ max: 5, unit: '%' })).toBe('at most 5 %');
  });
});
