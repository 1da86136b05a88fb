/** The demo company seeded with SEED=demo (apps/server/src/demo). Every user's password is demo1234. */
export const demoCompany = { code: 'DEMO1', name: 'Demo Construction' } as const;

export const demoPassword = 'demo1234';

export const demoUsers = {
  admin: { username: 'admin', email: 'admin@demo.sitepulse.example', phoneNational: '6135550101' },
  editor: { username: 'editor', email: 'editor@demo.sitepulse.example', phoneNational: '6135550102' },
  viewer: { username: 'viewer', email: 'viewer@demo.sitepulse.example', phoneNational: '6135550103' },
  inspector: { username: 'inspector', email: 'inspector@demo.sitepulse.example', phoneNational: '6135550104' },
} as const;
