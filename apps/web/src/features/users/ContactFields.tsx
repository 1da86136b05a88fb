import { Grid, TextField } from '@mui/material';
import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { FormPhoneInput } from '../../components/FormPhoneInput.tsx';
import type { PhoneValue } from '../../components/PhoneInput.tsx';
import { useTranslation } from '../../i18n/index.ts';

export interface ContactValues {
  email: string;
  phone: PhoneValue;
}

/**
 * A user's e-mail and phone number, as two cells of a `Grid` container: what an invitation is sent to.
 * `message` is the line under a field for its message (an i18n key), a blank line when there is none.
 */
export function ContactFields<Values extends ContactValues>({
  control,
  register,
  errors,
  message,
}: {
  control: Control<Values>;
  register: UseFormRegister<ContactValues>;
  errors: FieldErrors<ContactValues>;
  message: (key: string | undefined) => string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          {...register('email')}
          type="email"
          label={t('users.fields.email')}
          fullWidth
          autoComplete="off"
          error={Boolean(errors.email)}
          helperText={message(errors.email?.message)}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormPhoneInput control={control} label={t('users.fields.phone')} />
      </Grid>
    </>
  );
}
