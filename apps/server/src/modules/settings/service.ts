import type { UserSetting, UserSettingBody, UserSettingType, UserSettingValues } from '@sitepulse/contracts';
import type { Actor } from '../../lib/actor.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import { assertSameCompany } from '../../lib/scope.ts';
import type { UsersService } from '../users/service.ts';
import type { SettingsRepo } from './repo.ts';

/** The values a user may choose, per setting type (GET /api/v2/users/settings/values). */
export function settingValues(): UserSettingValues {
  const zones = new Set<string>(['UTC', ...Intl.supportedValuesOf('timeZone')]);
  return {
    Language: ['en', 'es'],
    DisplayTimeZone: [...zones],
    SystemOfMeasurement: ['Metric', 'Imperial'],
    DefaultNotificationDelivery: ['SMS', 'PUSH', 'EMAIL'],
  };
}

/** What an unset setting reads as (spec section 9: Metric, UTC; language fallback en). */
export const SETTING_DEFAULTS: Record<UserSettingType, string> = {
  Language: 'en',
  DisplayTimeZone: 'UTC',
  SystemOfMeasurement: 'Metric',
  DefaultNotificationDelivery: 'EMAIL',
  HelpOverlay: 'false',
  ConcreteProfileEdit: 'false',
};

export function createSettingsService(deps: { repo: SettingsRepo; users: UsersService }) {
  const { repo, users } = deps;
  const values = settingValues();
  const allowed: Partial<Record<UserSettingType, Set<string>>> = {
    Language: new Set(values.Language),
    DisplayTimeZone: new Set(values.DisplayTimeZone),
    SystemOfMeasurement: new Set(values.SystemOfMeasurement),
    DefaultNotificationDelivery: new Set(values.DefaultNotificationDelivery),
  };

  return {
    values: () => values,

    /** Own settings, or (admins) another user's of the same company. */
    async get(actor: Actor, q: { username: string; companyId: number; userSettingType: UserSettingType }) {
      const user = await users.resolveTarget(actor, q.companyId, q.username);
      const row = await repo.get(user.id, q.userSettingType);
      return { type: q.userSettingType, val: row?.val ?? SETTING_DEFAULTS[q.userSettingType] } as UserSetting;
    },

    /** A user changes only their own settings; enumerated types accept only their listed values. */
    async put(actor: Actor, body: UserSettingBody): Promise<UserSetting> {
      assertSameCompany(actor.companyId, body.companyId);
      const user = await users.resolveTarget(actor, body.companyId, body.username);
      if (user.id !== actor.userId) throw forbidden('You may only change your own settings');
      const set = allowed[body.userSettingType];
      if (set && !set.has(body.val)) {
        throw badRequest(`'${body.val}' is not a valid value for ${body.userSettingType}`);
      }
      await repo.upsert(user.id, body.userSettingType, body.val);
      return { type: body.userSettingType, val: body.val };
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
