import { VALIDATION_MESSAGES } from '@sitepulse/domain';

type MessageName = keyof typeof VALIDATION_MESSAGES;

/**
 * The i18n key of a domain validation message ('Required', 'Too Long!', 'Invalid phone number', 'Invalid
 * email', spec section 5); an unknown text is shown as it is. Kept apart from the login form's schema so the
 * forgot-password dialog does not pull zod in.
 */
export function messageKey(message: string): string {
  const name = (Object.keys(VALIDATION_MESSAGES) as MessageName[]).find(
    (k) => VALIDATION_MESSAGES[k] === message,
  );
  return name ? `auth.validation.${name}` : message;
}
