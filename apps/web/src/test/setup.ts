import '../i18n/index.ts';
