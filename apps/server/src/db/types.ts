import type { Generated } from 'kysely';

/** Every time column is UTC epoch milliseconds (integer on SQLite, bigint parsed to number on PostgreSQL).
 * Booleans are stored as integers 0/1 on both dialects. */
export interface AppSecretTable {
  key: string;
  value: string;
}

export interface CompanyTable {
  id: Generated<number>;
  name: string;
  auth_code: string;
  created_at: number;
}

export interface CompanyModuleTable {
  id: Generated<number>;
  company_id: number;
  module_type: 'Concrete' | 'Lumimon' | 'Lumitrack';
  is_active: number;
  company_tier: string;
  spec: string;
  tier_spec: string;
  created_at: number;
}

export interface CompanyAssetTable {
  id: Generated<number>;
  company_id: number;
  type: 'LOGO_IMG';
  bin_val: string;
  mime_type: string;
  created_at: number;
}

export interface AppUserTable {
  id: Generated<number>;
  company_id: number;
  username: string;
  email: string;
  phone: string | null;
  first_name: string;
  last_name: string;
  account_type: string;
  /** JSON list of extra (staff) roles, e.g. ["AOMS_READER"] */
  roles: string;
  password_hash: string | null;
  is_active: number;
  invitation_status: string;
  created_at: number;
}

export interface UserSettingTable {
  user_id: number;
  type: string;
  val: string;
}

export interface TenantGroupTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  type: 'Construction Site' | 'Precast Plant';
  state: 'ACTIVE' | 'TERMINATED';
  address: string;
  latitude: number | null;
  longitude: number | null;
  created_at: number;
}

export interface TenantTable {
  id: Generated<number>;
  tenant_group_id: number;
  company_id: number;
  name: string;
  type: 'Concrete' | 'Lumitrack' | 'Lumimon';
  state: 'ACTIVE' | 'TERMINATED';
  created_at: number;
}

export interface GatewayTable {
  id: Generated<number>;
  company_id: number;
  tenant_group_id: number | null;
  name: string;
  key_hash: string | null;
  created_at: number;
}

export interface UserTenantGroupTable {
  user_id: number;
  tenant_group_id: number;
  access: number;
}

export interface AuthSessionTable {
  id: string;
  user_id: number;
  refresh_token_hash: string;
  expires_at: number;
  revoked_at: number | null;
  created_at: number;
}

export interface PasswordResetTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text: string;
  html: string | null;
  /** the rendered message (nodemailer JSON transport output) */
  raw: string | null;
  created_at: number;
  sent_at: number | null;
  error: string | null;
}

export interface TextResourceTable {
  name: string;
  language: string;
  text: string;
}

export interface Database {
  app_secret: AppSecretTable;
  company: CompanyTable;
  company_module: CompanyModuleTable;
  company_asset: CompanyAssetTable;
  app_user: AppUserTable;
  user_setting: UserSettingTable;
  tenant_group: TenantGroupTable;
  tenant: TenantTable;
  gateway: GatewayTable;
  user_tenant_group: UserTenantGroupTable;
  auth_session: AuthSessionTable;
  password_reset: PasswordResetTable;
  mail_outbox: MailOutboxTable;
  text_resource: TextResourceTable;
}
