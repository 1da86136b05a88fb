import { DEMO } from '../../apps/server/src/demo/seed.ts';

export interface Session {
  accessToken: string;
  /** the headers of a signed-in call */
  headers: Record<string, string>;
}

/** Signs in as a demo user over HTTP (GET /api/login, Basic auth and the CompanyId header). */
export async function signIn(
  url: string,
  companyId: number,
  username: string = DEMO.users.admin,
  password: string = DEMO.password,
): Promise<Session> {
  const res = await fetch(`${url}/api/login`, {
    headers: {
      authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
      companyid: String(companyId),
    },
  });
  const body = (await res.json()) as { accessToken?: string };
  if (res.status !== 200 || !body.accessToken) {
    throw new Error(`sign-in of ${username} answered ${res.status}: ${JSON.stringify(body)}`);
  }
  return {
    accessToken: body.accessToken,
    headers: { authorization: `Bearer ${body.accessToken}`, companyid: String(companyId), username },
  };
}
