/** The demo company seeded with SEED=demo (apps/server/src/demo/seed.ts). Every user's password is demo1234. */
export const demoCompany = { code: 'DEMO1', name: 'Demo Construction' } as const;

export const demoPassword = 'demo1234';

const user = (username: string, phone: string) => ({
  username,
  email: `${username}@demo-construction.example`,
  /** E.164, as seeded. */
  phone,
  /** What a person types into the phone input with Canada selected. */
  phoneNational: phone.replace(/^\+1/, ''),
});

export const demoUsers = {
  admin: user('admin', '+14162345678'),
  editor: user('editor', '+14162345679'),
  viewer: user('viewer', '+14162345680'),
  inspector: user('inspector', '+14162345681'),
} as const;
