import { type Control, Controller } from 'react-hook-form';
import { useTranslation } from '../i18n/index.ts';
import { PhoneInput, type PhoneValue } from './PhoneInput.tsx';

/**
 * The PhoneInput of a react-hook-form form, bound to its `phone` field. The field's message is an i18n
 * key; it takes the place of the input's own 'Invalid phone number'.
 */
export function FormPhoneInput<Values extends { phone: PhoneValue }>({
  control,
  label,
  required,
}: {
  control: Control<Values>;
  label: string;
  required?: boolean;
}) {
  const { t } = useTranslation();
  // A form's Control is invariant in its values: `Values` has a `phone`, so this view of it is sound.
  const phoneControl = control as unknown as Control<{ phone: PhoneValue }>;
  return (
    <Controller
      control={phoneControl}
      name="phone"
      render={({ field, fieldState }) => (
        <PhoneInput
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          name={field.name}
          label={label}
          required={required}
          error={fieldState.error?.message ? t(fieldState.error.message) : null}
        />
      )}
    />
  );
}
