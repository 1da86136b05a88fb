import { largestTierSpecNumber } from '@sitepulse/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { AppError } from './errors.ts';

/** Bytes in one MB of a tierSpec's storage_limit_in_mb. */
export const BYTES_PER_MB = 1024 * 1024;

/**
 * The storage a company may use, in bytes (spec section 3: a tierSpec holds storage_limit_in_mb;
 * docs/decisions/storage-limit.md): the largest positive whole storage_limit_in_mb among the tierSpecs of
 * its active modules. null when none names one (or a tierSpec is not JSON): no limit.
 */
export function storageLimitBytes(tierSpecs: readonly string[]): number | null {
  const mb = largestTierSpecNumber(tierSpecs, 'storage_limit_in_mb');
  return mb === null ? null : mb * BYTES_PER_MB;
}

/**
 * The company's stored files counted against its storage limit: report files, Lumitrack label files and
 * checklist photos. A new report request, label file request or photo upload is refused with 409
 * STORAGE_LIMIT_REACHED once what is stored reaches the limit; deleting reports makes room again.
 */
export function createStorageLimit(db: Kysely<Database>) {
  async function usedBytes(companyId: number): Promise<number> {
    const sum = async (q: Promise<{ n: string | number | bigint | null } | undefined>) =>
      Number((await q)?.n ?? 0);
    const [reports, labels, photos] = await Promise.all([
      sum(
        db
          .selectFrom('report_request')
          .select((eb) => eb.fn.sum<number>('file_size').as('n'))
          .where('company_id', '=', companyId)
          .executeTakeFirst(),
      ),
      sum(
        db
          .selectFrom('lumitrack_file_request')
          .select((eb) => eb.fn.sum<number>('file_size').as('n'))
          .where('company_id', '=', companyId)
          .executeTakeFirst(),
      ),
      sum(
        db
          .selectFrom('checklist_photo')
          .select((eb) => eb.fn.sum<number>('size').as('n'))
          .where('company_id', '=', companyId)
          .executeTakeFirst(),
      ),
    ]);
    return reports + labels + photos;
  }

  async function limitBytes(companyId: number): Promise<number | null> {
    const rows = await db
      .selectFrom('company_module')
      .select('tier_spec')
      .where('company_id', '=', companyId)
      .where('is_active', '=', 1)
      .execute();
    return storageLimitBytes(rows.map((r) => r.tier_spec));
  }

  return {
    usedBytes,
    limitBytes,
    /** Throws 409 STORAGE_LIMIT_REACHED when the company's stored files already fill its storage. */
    async assertRoom(companyId: number): Promise<void> {
      const limit = await limitBytes(companyId);
      if (limit === null) return;
      const used = await usedBytes(companyId);
      if (used >= limit) {
        const mb = (b: number) => (b / BYTES_PER_MB).toFixed(1);
        throw new AppError(
          409,
          'STORAGE_LIMIT_REACHED',
          `The company's storage of ${mb(limit)} MB is full (${mb(used)} MB of reports, label files and photos): delete reports to make room`,
        );
      }
    },
  };
}
export type StorageLimit = ReturnType<typeof createStorageLimit>;
