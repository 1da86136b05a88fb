import type { Company, CompanyAsset, CompanyModule, ModuleType } from '@sitepulse/contracts';
import { PRODUCT_NAME, strengthShown } from '@sitepulse/domain';
import type { Selectable } from 'kysely';
import type { CompanyModuleTable } from '../../db/types.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/errors.ts';
import { assertSameCompany } from '../../lib/scope.ts';
import type { CompaniesRepo } from './repo.ts';

const toModule = (m: Selectable<CompanyModuleTable>): CompanyModule => ({
  id: m.id,
  companyId: m.company_id,
  moduleType: m.module_type,
  isActive: !!m.is_active,
  companyTier: m.company_tier,
  spec: m.spec,
  tierSpec: m.tier_spec,
  concrete: m.module_type === 'Concrete',
  lumimon: m.module_type === 'Lumimon',
  lumitrack: m.module_type === 'Lumitrack',
});

export function createCompaniesService(repo: CompaniesRepo) {
  return {
    /** Exact, case-sensitive match of a company auth code. */
    async findByAuthCode(authCode: string) {
      return repo.findByAuthCode(authCode);
    },

    async exists(companyId: number): Promise<boolean> {
      return !!(await repo.findById(companyId));
    },

    /** Only the caller's own company; any other id answers 404. */
    async getCompany(actor: Actor, id: number): Promise<Company> {
      if (id !== actor.companyId) throw notFound('Company not found');
      const c = await repo.findById(id);
      if (!c) throw notFound('Company not found');
      return { id: c.id, name: c.name, creationDate: c.created_at };
    },

    async listModules(actor: Actor, companyId: number, isActive?: boolean): Promise<CompanyModule[]> {
      assertSameCompany(actor.companyId, companyId);
      return (await repo.listModules(companyId, isActive)).map(toModule);
    },

    /**
     * Whether the company shows strength (issue 16): not when its Concrete module's spec has
     * disable_maturity_strength (domain strengthShown). Maturity is shown either way.
     */
    async strengthShown(companyId: number): Promise<boolean> {
      const m = await repo.findModule(companyId, PRODUCT_NAME);
      return strengthShown(m ? [{ moduleType: m.module_type, spec: m.spec }] : []);
    },

    async getModuleByType(actor: Actor, companyId: number, moduleType: ModuleType): Promise<CompanyModule> {
      assertSameCompany(actor.companyId, companyId);
      const m = await repo.findModule(companyId, moduleType);
      if (!m) throw notFound(`The company has no ${moduleType} module`);
      return toModule(m);
    },

    /** Assets (the logo); the caller's token (company or access) must be of that company. */
    async listAssets(tokenCompanyId: number, companyId: number, type?: string): Promise<CompanyAsset[]> {
      assertSameCompany(tokenCompanyId, companyId);
      return (await repo.listAssets(companyId, type)).map((a) => ({
        id: a.id,
        companyId: a.company_id,
        type: a.type,
        binVal: a.bin_val,
        mimeType: a.mime_type,
      }));
    },
  };
}
export type CompaniesService = ReturnType<typeof createCompaniesService>;
