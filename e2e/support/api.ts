/**
 * The API as a demo user, for specs that check a screen against what the server answers: signed in
 * through the API (session.ts), with the headers the web app sends.
 */
import { demoUsers } from './demo.ts';
import { signInViaApi } from './session.ts';

export interface DemoSite {
  id: number;
  name: string;
  tenantMessages: { id: number; name: string; type: string }[];
}

/** A user's session on a server (a demo user unless `password` is given): its company id, and calls with its credentials. */
export async function apiAs(serverUrl: string, username: string, password?: string) {
  const storage = await signInViaApi(
    serverUrl,
    password === undefined ? { username } : { username, password },
  );
  const value = (k: string) => storage.localStorage.find((e) => e.name === `sitepulse.${k}`)?.value ?? '';
  const headers = {
    Authorization: `Bearer ${value('accessToken')}`,
    CompanyId: value('companyId'),
    Username: value('username'),
  };
  /** GET, or POST (or `method`) with a JSON body; throws naming the call when it is not answered 2xx. */
  const call = async <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
    const res = await fetch(`${serverUrl.replace(/\/$/, '')}/api${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: init.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  return { call, companyId: value('companyId'), username: value('username') };
}

/** One call as a demo user. */
export async function callAs<T>(
  serverUrl: string,
  username: string,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  return (await apiAs(serverUrl, username)).call<T>(path, init);
}

/** A demo job site and its projects, as the user's job-site list answers them (admin by default). */
export async function demoSiteAs(
  serverUrl: string,
  name: string,
  username: string = demoUsers.admin.username,
): Promise<DemoSite> {
  const api = await apiAs(serverUrl, username);
  const sites = await api.call<DemoSite[]>(
    `/tenants/groups/list/by_user?companyId=${api.companyId}&username=${api.username}`,
  );
  const site = sites.find((s) => s.name === name);
  if (!site) throw new Error(`no demo site ${name}`);
  return site;
}
