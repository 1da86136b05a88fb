import { ListItemText, MenuItem, TextField, type TextFieldProps } from '@mui/material';
import type { TenantGroup } from '@sitepulse/contracts';
import { useAccessCodes } from '../../api/users.ts';
import { useTranslation } from '../../i18n/index.ts';
import { isArchived, memberRoleText, siteOptions } from './rules.ts';

type SelectProps = Pick<
  TextFieldProps,
  'label' | 'error' | 'helperText' | 'disabled' | 'size' | 'sx' | 'name' | 'onBlur' | 'inputRef'
>;

/** A job site of the admin's list (active and archived; archived ones say so). `taken` ones are not offered. */
export function SiteSelect({
  sites,
  value,
  onChange,
  taken = [],
  label,
  ...props
}: SelectProps & {
  sites: TenantGroup[] | undefined;
  value: number | '';
  onChange: (id: number) => void;
  taken?: readonly number[];
}) {
  const { t } = useTranslation();
  const options = siteOptions(sites).filter((s) => s.id === value || !taken.includes(s.id));
  return (
    <TextField
      select
      fullWidth
      label={label ?? t('users.sites.site')}
      value={options.some((s) => s.id === value) ? value : ''}
      onChange={(e) => onChange(Number(e.target.value))}
      slotProps={{
        select: {
          renderValue: (id) => {
            const site = options.find((s) => s.id === id);
            if (!site) return '';
            return isArchived(site) ? `${site.name} (${t('users.sites.archived')})` : site.name;
          },
        },
      }}
      {...props}
    >
      {options.length === 0 ? (
        <MenuItem value="" disabled>
          {t('users.sites.noneLeft')}
        </MenuItem>
      ) : null}
      {options.map((s) => (
        <MenuItem key={s.id} value={s.id}>
          <ListItemText
            primary={s.name}
            secondary={isArchived(s) ? t('users.sites.archived') : undefined}
            sx={{ my: 0 }}
          />
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A job-site role: admin, editor, viewer or inspector. */
export function RoleSelect({
  value,
  onChange,
  label,
  ...props
}: SelectProps & { value: number; onChange: (access: number) => void }) {
  const { t } = useTranslation();
  const codes = useAccessCodes();
  return (
    <TextField
      select
      fullWidth
      label={label ?? t('users.sites.role')}
      value={value}
      onChange={(e) => onChange(Number(e.target.value))}
      {...props}
    >
      {codes.map((code) => (
        <MenuItem key={code} value={code}>
          {memberRoleText(t, code)}
        </MenuItem>
      ))}
    </TextField>
  );
}
