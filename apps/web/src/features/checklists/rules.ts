/**
 * The checklist templates screen's rules (docs/decisions/checklists.md, lumitrack-screens.md): who manages
 * templates, the editor's form and the template it sends (stable keys, numbers from text), the form's
 * checks (the server's, domain checkChecklistTemplate, before sending), and which item a refusal names.
 */
import type { ChecklistItem, ChecklistTemplateContent } from '@sitepulse/contracts';
import {
  CHECKLIST_HINT_MAX,
  CHECKLIST_ITEMS_MAX,
  CHECKLIST_KEY_MAX,
  CHECKLIST_LABEL_MAX,
  CHECKLIST_NAME_MAX,
  CHECKLIST_NUMBER_LIMIT,
  CHECKLIST_UNIT_MAX,
  type ChecklistItemKind,
  hasReadOnlyRole,
  isAdminAccount,
  isReadOnlyAccount,
} from '@sitepulse/domain';
import { ApiError } from '../../api/client.ts';
import type { TFunction } from '../../i18n/index.ts';

/** Whether the user manages templates (the server's canManageChecklists): an admin, not read-only. */
export function canManageTemplates(
  accountType: string | null | undefined,
  roles: readonly string[],
): boolean {
  return isAdminAccount(accountType) && !isReadOnlyAccount(accountType) && !hasReadOnlyRole(roles);
}

/** One item as the editor holds it: numbers as typed text, the key kept for items the template had. */
export interface ItemForm {
  /** '' for a new item: made from its label when sent */
  key: string;
  label: string;
  kind: ChecklistItemKind;
  required: boolean;
  unit: string;
  min: string;
  max: string;
  hint: string;
}

export interface TemplateForm {
  name: string;
  items: ItemForm[];
}

export const newItem = (): ItemForm => ({
  key: '',
  label: '',
  kind: 'CHECK',
  required: true,
  unit: '',
  min: '',
  max: '',
  hint: '',
});

/** The editor's form of a template's items. */
export function itemsToForm(items: readonly ChecklistItem[]): ItemForm[] {
  return items.map((i) => ({
    key: i.key,
    label: i.label,
    kind: i.kind,
    required: i.required,
    unit: i.unit ?? '',
    min: i.min === undefined ? '' : String(i.min),
    max: i.max === undefined ? '' : String(i.max),
    hint: i.hint ?? '',
  }));
}

export const number = (text: string) => Number(text.trim().replace(',', '.'));

/**
 * A key made from a label (ours): lower-case letters, digits and _, starting with a letter, at most 40
 * characters; 'item' when the label gives nothing; unique among `taken` (…_2, _3).
 */
export function keyFromLabel(label: string, taken: ReadonlySet<string>): string {
  let base = label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!/^[a-z]/.test(base)) base = `item_${base}`.replace(/_+$/, '');
  base = base.slice(0, CHECKLIST_KEY_MAX);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `_${n}`;
    const candidate = `${base.slice(0, CHECKLIST_KEY_MAX - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** The template the form describes: keys kept, new items keyed from their labels, empty fields left out. */
export function formToTemplate(items: readonly ItemForm[]): ChecklistTemplateContent {
  const taken = new Set(items.map((i) => i.key).filter(Boolean));
  return {
    items: items.map((i) => {
      let key = i.key;
      if (!key) {
        key = keyFromLabel(i.label, taken);
        taken.add(key);
      }
      const item: ChecklistItem = { key, label: i.label.trim(), kind: i.kind, required: i.required };
      if (i.hint.trim()) item.hint = i.hint.trim();
      if (i.kind === 'NUMBER') {
        if (i.unit.trim()) item.unit = i.unit.trim();
        if (i.min.trim()) item.min = number(i.min);
        if (i.max.trim()) item.max = number(i.max);
      }
      return item;
    }),
  };
}

/** The values the validation messages read. */
export const validationParams = {
  labelMax: CHECKLIST_LABEL_MAX,
  unitMax: CHECKLIST_UNIT_MAX,
  hintMax: CHECKLIST_HINT_MAX,
  nameMax: CHECKLIST_NAME_MAX,
  itemsMax: CHECKLIST_ITEMS_MAX,
  limit: CHECKLIST_NUMBER_LIMIT,
};

/**
 * The item (its position from 0) a server refusal of a template names: "Item 2 ('slump'): ..." or "Item 2:
 * ..."; null when it names none within the items sent.
 */
export function itemIndexOfRefusal(message: string, count: number): number | null {
  const m = /^Item (\d+)\b/.exec(message);
  if (!m) return null;
  const index = Number(m[1]) - 1;
  return index >= 0 && index < count ? index : null;
}

/** What a refused or failed template call shows: the server's words for a 400/409, 403 and 404 explained. */
export function checklistErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 400 || error.status === 409)
      return t('checklists.errors.rejected', { message: error.message });
    if (error.status === 403) return t('checklists.errors.forbidden');
    if (error.status === 404) return t('checklists.errors.notFound');
    if (error.message) return t('checklists.errors.failedWith', { message: error.message });
  }
  return t('checklists.errors.failed');
}
