import { strengthShown } from '@sitepulse/domain';
import { useCompanyModules } from './queries.ts';

/**
 * Whether the screens show strength (issue 16, docs/decisions/maturity-strength-switch.md): not when the
 * company's Concrete module spec has disable_maturity_strength (domain strengthShown); maturity is shown
 * either way. While the modules load, strength is shown (the server answers it null anyway when off).
 */
export function useStrengthShown(): boolean {
  return strengthShown(useCompanyModules().data);
}
