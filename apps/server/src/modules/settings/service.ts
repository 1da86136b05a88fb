import type {
  UpdateUserSettingsBody,
  UserSetting,
  UserSettingBody,
  UserSettingType,
  UserSettingValues,
} from '@sitepulse/contracts';
import { SITE_TIME_ZONE, TIME_ZONE_OFFER_ANSWERS, TIME_ZONE_OFFERED_SETTING } from '@sitepulse/domain';
import type { Actor } from '../../lib/actor.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import { assertSameCompany } from '../../lib/scope.ts';
import type { UsersService } from '../users/service.ts';
import type { SettingsRepo } from './repo.ts';

/**
 * The values a user may choose, per setting type (GET /api/v2/users/settings/values). DisplayTimeZone
 * offers 'SITE' first (ours: each job site's own time, docs/decisions/site-time.md), then UTC and the IANA
 * zones.
 */
export function settingValues(): UserSettingValues {
  const zones = new Set<string>([SITE_TIME_ZONE, 'UTC', ...Intl.supportedValuesOf('timeZone')]);
  return {
    Language: ['en', 'es'],
    DisplayTimeZone: [...zones],
    SystemOfMeasurement: ['Metric', 'Imperial'],
    DefaultNotificationDelivery: ['SMS', 'PUSH', 'EMAIL'],
  };
}

/** The longest value a setting keeps (the free-text ones: HelpOverlay, ConcreteProfileEdit). */
export const SETTING_MAX_LENGTH = 200;

/** What an unset setting reads as (spec section 9: Metric, UTC; language fallback en). */
export const SETTING_DEFAULTS: Record<UserSettingType, string> = {
  Language: 'en',
  DisplayTimeZone: 'UTC',
  SystemOfMeasurement: 'Metric',
  DefaultNotificationDelivery: 'EMAIL',
  HelpOverlay: 'false',
  ConcreteProfileEdit: 'false',
  /** Not answered yet: the web offers the browser's or the site's zone once (docs/decisions/site-time.md). */
  TimeZoneOffered: 'PENDING',
};

export function createSettingsService(deps: { repo: SettingsRepo; users: UsersService }) {
  const { repo, users } = deps;
  const values = settingValues();
  const allowed: Partial<Record<UserSettingType, Set<string>>> = {
    Language: new Set(values.Language),
    DisplayTimeZone: new Set(values.DisplayTimeZone),
    SystemOfMeasurement: new Set(values.SystemOfMeasurement),
    DefaultNotificationDelivery: new Set(values.DefaultNotificationDelivery),
    [TIME_ZONE_OFFERED_SETTING]: new Set<string>(TIME_ZONE_OFFER_ANSWERS),
  };

  /** The caller themself: another user's settings are not theirs to change (403). */
  async function ownUser(actor: Actor, companyId: number, username: string) {
    assertSameCompany(actor.companyId, companyId);
    const user = await users.resolveTarget(actor, companyId, username);
    if (user.id !== actor.userId) throw forbidden('You may only change your own settings');
    return user;
  }

  /** 400 unless the value is one the type accepts. */
  function check(type: UserSettingType, val: string): void {
    if (val.length > SETTING_MAX_LENGTH) {
      throw badRequest(`A ${type} value is at most ${SETTING_MAX_LENGTH} characters`);
    }
    const set = allowed[type];
    if (set && !set.has(val)) throw badRequest(`'${val}' is not a valid value for ${type}`);
  }

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
      const user = await ownUser(actor, body.companyId, body.username);
      check(body.userSettingType, body.val);
      await repo.upsert(user.id, body.userSettingType, body.val);
      return { type: body.userSettingType, val: body.val };
    },

    /**
     * PUT /v2/users/settings: several of one's own settings at once, each checked as `put` checks it;
     * one wrong value (or a type named twice) answers 400 and saves none.
     */
    async putMany(actor: Actor, body: UpdateUserSettingsBody): Promise<void> {
      const user = await ownUser(actor, body.companyId, body.username);
      const types = new Set(body.settings.map((s) => s.type));
      if (types.size !== body.settings.length) throw badRequest('Each setting type may be given once');
      for (const s of body.settings) check(s.type, s.val);
      await repo.upsertMany(user.id, body.settings);
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
