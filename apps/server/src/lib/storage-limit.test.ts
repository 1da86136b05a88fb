import { beforeAll, describe, expect, it } from 'vitest';
import { addNode, addSensor, demoSites } from '../modules/measurements/test-data.ts';
import { signIn, useTestApp } from '../test/test-app.ts';
import { BYTES_PER_MB, storageLimitBytes } from './storage-limit.ts';

const RR = '/api/analytics/report/requests';
const LT = '/api/lumitrack/lumitrackid';
const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);

describe('storageLimitBytes (tierSpec storage_limit_in_mb)', () => {
  it('takes the largest positive whole limit of the tierSpecs, in bytes; none named is no limit', () => {
    expect(storageLimitBytes(['{"storage_limit_in_mb":10}', '{"storage_limit_in_mb":20}'])).toBe(
      20 * BYTES_PER_MB,
    );
    expect(storageLimitBytes(['{"lumitrack_id_annual_limit":5000}', '{}'])).toBeNull();
    expect(
      storageLimitBytes(['not json', '{"storage_limit_in_mb":0}', '{"storage_limit_in_mb":-3}']),
    ).toBeNull();
    expect(
      storageLimitBytes(['{"storage_limit_in_mb":1.5}', '{"storage_limit_in_mb":"9"}', 'null']),
    ).toBeNull();
    expect(storageLimitBytes([])).toBeNull();
  });
});

describe('the storage limit of the company (docs/decisions/storage-limit.md)', () => {
  const ctx = useTestApp();
  let headers: Record<string, string>;
  let siteId: number;
  let sensorId: number;
  let adminId: number;

  const call = (method: 'POST', url: string, payload: object | Buffer, extra: Record<string, string> = {}) =>
    ctx.app.inject({ method, url, headers: { ...headers, ...extra }, payload });
  const requestReport = () =>
    call('POST', `${RR}/msj/by_job?tenant=${siteId}`, {
      type: 'RAW_DATA_CSV',
      name: 'Storage check',
      attributes: { sensorIds: [sensorId] },
    });
  const uploadPhoto = () => call('POST', '/api/checklist/photos', PNG, { 'content-type': 'image/png' });
  const requestLabels = () => call('POST', `${LT}/files/requests`, { lumitrackIds: ['LT-7K3M-Q9XP'] });
  const count = async (table: 'report_request' | 'checklist_photo' | 'lumitrack_file_request') =>
    Number(
      (
        await ctx.db.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('company_id', '=', ctx.companyId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const setLimitMb = (mb: number) =>
    ctx.db.db
      .updateTable('company_module')
      .set({ tier_spec: JSON.stringify({ storage_limit_in_mb: mb, lumitrack_id_annual_limit: 5000 }) })
      .where('company_id', '=', ctx.companyId)
      .execute();

  beforeAll(async () => {
    const db = ctx.db.db;
    const signed = await signIn(ctx, 'admin');
    headers = signed.headers;
    const { ht } = await demoSites(db, ctx.companyId);
    siteId = ht.siteId;
    await addNode(db, {
      id: 93001,
      companyId: ctx.companyId,
      siteId,
      tenantId: ht.tenantId,
      nodeType: 'Maturity',
    });
    sensorId = await addSensor(db, {
      companyId: ctx.companyId,
      nodeId: 93001,
      channelId: 1,
      sensorType: 'Temperature',
    });
    const now = Date.now();
    await db
      .insertInto('lumitrack_id')
      .values({ company_id: ctx.companyId, lumitrack_id: 'LT-7K3M-Q9XP', created_at: now, updated_at: now })
      .execute();
    const admin = await db
      .selectFrom('app_user')
      .select('id')
      .where('company_id', '=', ctx.companyId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    adminId = admin.id;
  });

  it('lets reports, label files and photos be made while the stored files are under the limit', async () => {
    await setLimitMb(1);
    const report = await requestReport();
    expect(report.statusCode, report.body).toBe(201);
    const photo = await uploadPhoto();
    expect(photo.statusCode, photo.body).toBe(201);
    const labels = await requestLabels();
    expect(labels.statusCode, labels.body).toBe(201);
  });

  it('refuses each with a clear 409 once the stored files fill the limit, changing nothing', async () => {
    await setLimitMb(1);
    // A large photo already stored: 2 MB of the company's 1 MB.
    await ctx.db.db
      .insertInto('checklist_photo')
      .values({
        id: '00000000-0000-4000-8000-000000000001',
        company_id: ctx.companyId,
        user_id: adminId,
        fill_id: null,
        mime_type: 'image/png',
        size: 2 * BYTES_PER_MB,
        created_at: Date.now(),
      })
      .execute();
    const before = await Promise.all([
      count('report_request'),
      count('checklist_photo'),
      count('lumitrack_file_request'),
    ]);
    for (const res of [await requestReport(), await uploadPhoto(), await requestLabels()]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.code).toBe('STORAGE_LIMIT_REACHED');
      expect(res.json().error.message).toMatch(/storage of 1\.0 MB is full/);
    }
    expect(
      await Promise.all([count('report_request'), count('checklist_photo'), count('lumitrack_file_request')]),
    ).toEqual(before);

    // A larger tier makes room again.
    await setLimitMb(10);
    expect((await requestReport()).statusCode).toBe(201);
  });
});
