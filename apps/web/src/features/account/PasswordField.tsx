import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { IconButton, InputAdornment, type TextFieldProps } from '@mui/material';
import { useState } from 'react';
import { TextInput } from '../../components/TextInput.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { useFieldMessage } from './messages.ts';

/** A password input with a show/hide toggle, as on the login screen. `error` is an i18n key. */
export function PasswordField({
  error,
  helperText,
  ...props
}: Omit<TextFieldProps, 'error' | 'type' | 'select' | 'variant' | 'slots' | 'children'> & {
  error?: string;
}) {
  const { t } = useTranslation();
  const message = useFieldMessage();
  const [shown, setShown] = useState(false);
  return (
    <TextInput
      {...props}
      type={shown ? 'text' : 'password'}
      fullWidth
      error={Boolean(error)}
      helperText={error ? message(error) : (helperText ?? ' ')}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={shown ? t('account.password.hide') : t('account.password.show')}
                onClick={() => setShown((s) => !s)}
                onMouseDown={(e) => e.preventDefault()}
                edge="end"
              >
                {shown ? <VisibilityOffIcon /> : <VisibilityIcon />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
