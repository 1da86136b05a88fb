import { Grid, TextField } from '@mui/material';
import type { ReactNode } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';

export interface PersonNameValues {
  firstName: string;
  lastName: string;
}

/**
 * A person's first and last name, side by side from the `sm` width on, one under the other on a phone.
 * The form's rules and texts stay the caller's: `message` turns a field's message (an i18n key) into the
 * line under it, a blank line when there is none. `children` are more `Grid` cells of the same grid.
 */
export function PersonNameFields({
  register,
  errors,
  labels,
  message,
  ownName = false,
  required,
  maxLength,
  children,
}: {
  register: UseFormRegister<PersonNameValues>;
  errors: FieldErrors<PersonNameValues>;
  labels: { firstName: string; lastName: string };
  message: (key: string | undefined) => string;
  /** The signed-in person's own name: the browser may fill it in. Off for a name typed for someone else. */
  ownName?: boolean;
  required?: boolean;
  /** How many characters the inputs take: a little over the rule's limit, so 'Too Long!' can be seen. */
  maxLength?: number;
  children?: ReactNode;
}) {
  const field = (name: keyof PersonNameValues, autoComplete: string) => (
    <Grid size={{ xs: 12, sm: 6 }}>
      <TextField
        {...register(name)}
        label={labels[name]}
        required={required}
        fullWidth
        autoComplete={ownName ? autoComplete : 'off'}
        error={Boolean(errors[name])}
        helperText={message(errors[name]?.message)}
        slotProps={maxLength ? { htmlInput: { maxLength } } : undefined}
      />
    </Grid>
  );
  return (
    <Grid container spacing={2}>
      {field('firstName', 'given-name')}
      {field('lastName', 'family-name')}
      {children}
    </Grid>
  );
}
