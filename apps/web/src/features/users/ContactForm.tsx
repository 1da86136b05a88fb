import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button } from '@mui/material';
import type { UserSummary } from '@sitepulse/contracts';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useAssignPhone, useUpdateUserDetails } from '../../api/users.ts';
import { useAlert } from '../../components/AlertBanner.tsx';
import { PersonNameFields } from '../../components/PersonNameFields.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { ContactFields } from './ContactFields.tsx';
import {
  type ContactFormValues,
  contactChanges,
  contactDefaults,
  contactFormSchema,
  NAME_MAX,
} from './forms.ts';
import { Section } from './parts.tsx';
import { errorText } from './rules.ts';

/**
 * A user's name, e-mail and phone. Saving sends only what changed: the name and e-mail with
 * PUT /v2/users/details, the phone with PUT .../assign_phone (an emptied phone removes it).
 */
export function ContactForm({ user }: { user: UserSummary }) {
  const { t } = useTranslation();
  const { showAlert } = useAlert();
  const updateDetails = useUpdateUserDetails();
  const assignPhone = useAssignPhone();
  const [failure, setFailure] = useState<unknown>(null);
  const schema = useMemo(() => contactFormSchema(user), [user]);
  // Follows the stored values when they reload (after a save), keeping what is being typed.
  const stored = useMemo(() => contactDefaults(user), [user]);
  const { control, register, handleSubmit, formState } = useForm<ContactFormValues>({
    resolver: zodResolver(schema),
    values: stored,
    resetOptions: { keepDirtyValues: true },
  });
  const { errors } = formState;
  /** A field's message, or the blank line that keeps its place. */
  const message = (m: string | undefined) => (m ? t(m) : ' ');
  const busy = updateDetails.isPending || assignPhone.isPending;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const changes = contactChanges(user, values);
    if (!changes.details && !changes.phone) {
      showAlert({ severity: 'info', message: t('users.edit.nothingChanged') });
      return;
    }
    try {
      if (changes.details) await updateDetails.mutateAsync({ username: user.username, ...changes.details });
      if (changes.phone) await assignPhone.mutateAsync({ username: user.username, ...changes.phone });
      showAlert({ severity: 'success', message: t('users.edit.saved') });
    } catch (error) {
      setFailure(error);
    }
  });

  return (
    <Section title={t('users.edit.contact')} testId="contact-section">
      <Box
        component="form"
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        aria-label={t('users.edit.contact')}
      >
        <PersonNameFields
          register={register}
          errors={errors}
          labels={{ firstName: t('users.fields.firstName'), lastName: t('users.fields.lastName') }}
          message={message}
          maxLength={NAME_MAX + 20}
        >
          <ContactFields control={control} register={register} errors={errors} message={message} />
        </PersonNameFields>
        {failure ? (
          <Alert severity="error" role="alert" sx={{ mb: 1.5 }} data-testid="contact-error">
            {errorText(t, failure)}
          </Alert>
        ) : null}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={busy}>
            {t('users.edit.save')}
          </Button>
        </Box>
      </Box>
    </Section>
  );
}
