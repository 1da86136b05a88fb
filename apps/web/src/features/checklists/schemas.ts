/**
 * The checklist template forms' checks (zod): the editor's and the rename dialog's. Apart from rules.ts so the
 * templates screen, which shows no form until one is opened, does not fetch zod (docs/decisions/web-bundle.md).
 */
import {
  CHECKLIST_HINT_MAX,
  CHECKLIST_ITEMS_MAX,
  CHECKLIST_LABEL_MAX,
  CHECKLIST_NAME_MAX,
  CHECKLIST_NUMBER_LIMIT,
  CHECKLIST_UNIT_MAX,
} from '@sitepulse/domain';
import { z } from 'zod';
import { number } from './rules.ts';

const key = (name: string) => `checklists.validation.${name}`;

const boundText = z
  .string()
  .refine((v) => v.trim() === '' || Number.isFinite(number(v)), key('notNumber'))
  .refine((v) => v.trim() === '' || Math.abs(number(v)) <= CHECKLIST_NUMBER_LIMIT, key('bound'));

const itemSchema = z
  .object({
    key: z.string(),
    label: z.string().trim().min(1, key('labelRequired')).max(CHECKLIST_LABEL_MAX, key('labelTooLong')),
    kind: z.enum(['CHECK', 'NUMBER', 'TEXT', 'PHOTO']),
    required: z.boolean(),
    unit: z.string().trim().max(CHECKLIST_UNIT_MAX, key('unitTooLong')),
    min: boundText,
    max: boundText,
    hint: z.string().trim().max(CHECKLIST_HINT_MAX, key('hintTooLong')),
  })
  .refine(
    (i) =>
      i.kind !== 'NUMBER' || i.min.trim() === '' || i.max.trim() === '' || !(number(i.min) > number(i.max)),
    { message: key('minAboveMax'), path: ['max'] },
  );

const itemsSchema = z.array(itemSchema).min(1, key('noItems')).max(CHECKLIST_ITEMS_MAX, key('tooManyItems'));

export const nameSchema = z
  .string()
  .trim()
  .min(1, key('nameRequired'))
  .max(CHECKLIST_NAME_MAX, key('nameTooLong'));

/** The editor's checks: a name (when creating), 1 to 100 items, each item's own rules. */
export const templateFormSchema = (withName: boolean) =>
  z.object({ name: withName ? nameSchema : z.string(), items: itemsSchema });
