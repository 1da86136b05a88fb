import { SITE_TIME_ZONE } from '@sitepulse/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { hashPassword } from '../lib/crypto.ts';
import { seedDemoChecklists } from './checklists.ts';

/** The demo company every later test and the first start use. */
export const DEMO = {
  companyName: 'Demo Construction',
  authCode: 'DEMO1',
  password: 'demo1234',
  users: {
    admin: 'admin',
    editor: 'editor',
    viewer: 'viewer',
    inspector: 'inspector',
  },
  /** The first construction site: where editor, viewer and inspector are granted. */
  firstSiteName: 'Harbourfront Tower',
} as const;

export const DISCLAIMER_NAME = 'AOMS_MATURITY_STRENGTH_DISCLAIMER';
export const DISCLAIMER_TEXT = {
  en:
    'Maturity-based strength estimates depend on the calibration of the concrete mix they use and do not ' +
    'replace field-cured cylinder tests. Decisions to strip forms, stress tendons or load a structure must ' +
    'be confirmed by the engineer of record.',
  es:
    'Las estimaciones de resistencia basadas en la madurez dependen de la calibración de la mezcla de ' +
    'hormigón utilizada y no reemplazan los ensayos de cilindros curados en obra. Las decisiones de ' +
    'desencofrar, tensar tendones o cargar una estructura deben ser confirmadas por el ingeniero responsable.',
};

/** A small square logo (SVG), base64. */
export const DEMO_LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">' +
  '<rect width="128" height="128" rx="20" fill="#f2a900"/>' +
  '<path d="M20 92 L64 28 L108 92 Z" fill="#1d2b3a"/>' +
  '<rect x="54" y="62" width="20" height="30" fill="#f2a900"/>' +
  '<text x="64" y="118" font-family="Arial, Helvetica, sans-serif" font-size="18" font-weight="bold" ' +
  'text-anchor="middle" fill="#1d2b3a">DEMO</text></svg>';

const day = 24 * 3600 * 1000;
const at = (iso: string) => Date.parse(iso);

type SiteSeed = {
  name: string;
  type: 'Construction Site' | 'Precast Plant';
  state: 'ACTIVE' | 'TERMINATED';
  address: string;
  latitude: number;
  longitude: number;
  createdAt: number;
  projects: {
    name: string;
    type: 'Concrete' | 'Lumimon' | 'Lumitrack';
    state?: 'TERMINATED';
    ageDays: number;
  }[];
  gateways: string[];
};

const SITES: SiteSeed[] = [
  {
    name: 'Harbourfront Tower',
    type: 'Construction Site',
    state: 'ACTIVE',
    address: '25 Queens Quay West, Toronto, ON M5J 2N1',
    latitude: 43.6409,
    longitude: -79.3781,
    createdAt: at('2025-01-13T14:00:00Z'),
    projects: [
      { name: 'Default', type: 'Concrete', ageDays: 0 },
      { name: 'Default', type: 'Lumimon', ageDays: 1 },
      { name: 'Podium Slabs', type: 'Concrete', ageDays: 40 },
    ],
    gateways: ['HT-GW-01', 'HT-GW-02'],
  },
  {
    name: 'Riverside Medical Centre Expansion',
    type: 'Construction Site',
    state: 'ACTIVE',
    address: '1967 Riverside Drive, Ottawa, ON K1H 7W9',
    latitude: 45.3956,
    longitude: -75.6691,
    createdAt: at('2025-03-03T15:30:00Z'),
    projects: [
      { name: 'Default', type: 'Concrete', ageDays: 0 },
      { name: 'Crane and Hoist Monitoring', type: 'Lumimon', ageDays: 12 },
      { name: 'Phase 1 Foundations', type: 'Concrete', state: 'TERMINATED', ageDays: 2 },
    ],
    gateways: ['RMC-GW-01'],
  },
  {
    name: 'North Yard Precast Plant',
    type: 'Precast Plant',
    state: 'ACTIVE',
    address: '480 Burlington Street East, Hamilton, ON L8L 4H5',
    latitude: 43.2714,
    longitude: -79.8369,
    createdAt: at('2024-09-16T13:00:00Z'),
    projects: [
      { name: 'Double Tees', type: 'Concrete', ageDays: 3 },
      { name: 'Hollow Core Line', type: 'Concrete', ageDays: 20 },
      { name: 'Yard Asset Tags', type: 'Lumitrack', ageDays: 45 },
      { name: 'Plant Utilities', type: 'Lumimon', ageDays: 60 },
    ],
    gateways: ['NYP-GW-01', 'NYP-GW-02'],
  },
  {
    name: 'Queens Quay Parking Garage',
    type: 'Construction Site',
    state: 'TERMINATED',
    address: '100 Queens Quay East, Toronto, ON M5E 1V3',
    latitude: 43.6436,
    longitude: -79.3712,
    createdAt: at('2023-05-08T12:00:00Z'),
    projects: [{ name: 'Default', type: 'Concrete', ageDays: 0 }],
    gateways: ['QQ-GW-01'],
  },
];

const USERS = [
  {
    username: DEMO.users.admin,
    accountType: 'ADMIN',
    firstName: 'Dana',
    lastName: 'Whitfield',
    phone: '+14162345678',
    access: 'all' as const,
  },
  {
    username: DEMO.users.editor,
    accountType: 'USER',
    firstName: 'Marco',
    lastName: 'Ruiz',
    phone: '+14162345679',
    access: 2,
  },
  {
    username: DEMO.users.viewer,
    accountType: 'READONLY_MEMBER',
    firstName: 'Priya',
    lastName: 'Nair',
    phone: '+14162345680',
    access: 4,
  },
  {
    username: DEMO.users.inspector,
    accountType: 'USER',
    firstName: 'Sam',
    lastName: 'Okafor',
    phone: '+14162345681',
    access: 8,
  },
];

/**
 * Disclaimer texts an earlier release seeded, by language: a database that still holds one word for word gets
 * the current text (the Spanish said "concreto"; the product says "hormigón", docs/decisions/spanish-terms.md).
 * A text changed since is left as it is.
 */
export const PREVIOUS_DISCLAIMER_TEXT: Partial<Record<keyof typeof DISCLAIMER_TEXT, string>> = {
  es:
    'Las estimaciones de resistencia basadas en la madurez dependen de la calibración de la mezcla de ' +
    'concreto utilizada y no reemplazan los ensayos de cilindros curados en obra. Las decisiones de ' +
    'desencofrar, tensar tendones o cargar una estructura deben ser confirmadas por el ingeniero responsable.',
};

/** Text resources shared by every company (the maturity-strength disclaimer). Idempotent. */
export async function seedTextResources(db: Kysely<Database>): Promise<void> {
  for (const [language, text] of Object.entries(DISCLAIMER_TEXT)) {
    await db
      .insertInto('text_resource')
      .values({ name: DISCLAIMER_NAME, language, text })
      .onConflict((oc) => oc.columns(['name', 'language']).doNothing())
      .execute();
    const previous = PREVIOUS_DISCLAIMER_TEXT[language as keyof typeof DISCLAIMER_TEXT];
    if (previous !== undefined) {
      await db
        .updateTable('text_resource')
        .set({ text })
        .where('name', '=', DISCLAIMER_NAME)
        .where('language', '=', language)
        .where('text', '=', previous)
        .execute();
    }
  }
}

/**
 * Seeds the demo company (see DEMO). Idempotent: when a company with the demo code exists, it is
 * left as it is. Returns the company id.
 */
export async function seedDemo(db: Kysely<Database>): Promise<{ companyId: number; created: boolean }> {
  await seedTextResources(db);
  const existing = await db
    .selectFrom('company')
    .select('id')
    .where('auth_code', '=', DEMO.authCode)
    .executeTakeFirst();
  if (existing) return { companyId: existing.id, created: false };

  const hashes = await Promise.all(USERS.map(() => hashPassword(DEMO.password)));
  const companyCreated = at('2023-04-03T12:00:00Z');

  const companyId = await db.transaction().execute(async (trx) => {
    const { id: companyId } = await trx
      .insertInto('company')
      .values({ name: DEMO.companyName, auth_code: DEMO.authCode, created_at: companyCreated })
      .returning('id')
      .executeTakeFirstOrThrow();

    await trx
      .insertInto('company_asset')
      .values({
        company_id: companyId,
        type: 'LOGO_IMG',
        bin_val: Buffer.from(DEMO_LOGO_SVG).toString('base64'),
        mime_type: 'image/svg+xml',
        created_at: companyCreated,
      })
      .execute();

    const tierSpec = JSON.stringify({ storage_limit_in_mb: 10240, lumitrack_id_annual_limit: 5000 });
    for (const moduleType of ['Concrete', 'Lumimon', 'Lumitrack'] as const) {
      await trx
        .insertInto('company_module')
        .values({
          company_id: companyId,
          module_type: moduleType,
          is_active: 1,
          company_tier: 'ENTERPRISE',
          spec: moduleType === 'Concrete' ? JSON.stringify({ disable_maturity_strength: false }) : '{}',
          tier_spec: tierSpec,
          created_at: companyCreated,
        })
        .execute();
    }

    const siteIds: number[] = [];
    for (const site of SITES) {
      const { id } = await trx
        .insertInto('tenant_group')
        .values({
          company_id: companyId,
          name: site.name,
          type: site.type,
          state: site.state,
          address: site.address,
          latitude: site.latitude,
          longitude: site.longitude,
          created_at: site.createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      siteIds.push(id);
      // ageDays counts back from the newest project, which is 60 days after the site opened.
      const newest = site.createdAt + 60 * day;
      for (const p of site.projects) {
        await trx
          .insertInto('tenant')
          .values({
            tenant_group_id: id,
            company_id: companyId,
            name: p.name,
            type: p.type,
            state: p.state ?? 'ACTIVE',
            created_at: newest - p.ageDays * day,
          })
          .execute();
      }
      for (const name of site.gateways) {
        await trx
          .insertInto('gateway')
          .values({
            company_id: companyId,
            tenant_group_id: id,
            name,
            key_hash: null,
            created_at: site.createdAt,
          })
          .execute();
      }
    }
    const firstSiteId = siteIds[SITES.findIndex((s) => s.name === DEMO.firstSiteName)];

    for (const [i, u] of USERS.entries()) {
      const { id: userId } = await trx
        .insertInto('app_user')
        .values({
          company_id: companyId,
          username: u.username,
          email: `${u.username}@demo-construction.example`,
          phone: u.phone,
          first_name: u.firstName,
          last_name: u.lastName,
          account_type: u.accountType,
          roles: '[]',
          password_hash: hashes[i],
          is_active: 1,
          invitation_status: 'ACCEPTED',
          created_at: companyCreated + (i + 1) * day,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const grants =
        u.access === 'all'
          ? siteIds.map((tenant_group_id) => ({ user_id: userId, tenant_group_id, access: 1 }))
          : [{ user_id: userId, tenant_group_id: firstSiteId, access: u.access }];
      await trx.insertInto('user_tenant_group').values(grants).execute();
      await trx
        .insertInto('user_setting')
        .values([
          { user_id: userId, type: 'SystemOfMeasurement', val: 'Metric' },
          // The superintendent reads each job site's time ('SITE'); the others keep the spec's UTC, so the
          // admin sees the first-sign-in offer (docs/decisions/site-time.md).
          {
            user_id: userId,
            type: 'DisplayTimeZone',
            val: u.username === DEMO.users.editor ? SITE_TIME_ZONE : 'UTC',
          },
          { user_id: userId, type: 'Language', val: 'en' },
        ])
        .execute();
    }
    await seedDemoChecklists(trx, companyId, DEMO.users.admin);
    return companyId;
  });
  return { companyId, created: true };
}
