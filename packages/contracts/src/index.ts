export * from './auth.ts';
export * from './config.ts';
export * from './common.ts';
export * from './company.ts';
export * from './tenants.ts';
export * from './users.ts';
