import { DEFAULT_PHONE_COUNTRY } from '@sitepulse/domain';
import type { PhoneValue } from '../../components/PhoneInput.tsx';

/**
 * The phone input and its rules. They carry libphonenumber-js and its metadata (about 30 kB gzipped), so the
 * login screen loads them when the phone tab is about to be used, not with the page (docs/decisions/web-bundle.md).
 */
export const loadPhone = () => import('../../components/PhoneInput.tsx');

/** An empty phone number in the default country (Canada, spec section 5), without loading the phone module. */
export const emptyLoginPhone = (): PhoneValue => ({
  country: DEFAULT_PHONE_COUNTRY as PhoneValue['country'],
  national: '',
});
