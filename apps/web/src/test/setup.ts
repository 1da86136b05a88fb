import { loadAreaStrings } from '../i18n/index.ts';

// Component tests render feature screens without the signed-in shell, which is what fetches their strings.
await Promise.all([loadAreaStrings('en'), loadAreaStrings('es')]);
