import AddRoundedIcon from '@mui/icons-material/AddRounded';
import { Button, Stack, Typography } from '@mui/material';
import type { ConcreteProfile } from '@sitepulse/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useUserDetails } from '../../api/queries.ts';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { lazyDialog } from '../../components/lazy-dialog.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { EmptyState, QueryState } from '../../components/QueryState.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { useConcreteProfiles, useMaturityFunctionTypes } from './api.ts';
import { ProfileDetail } from './ProfileDetail.tsx';
import { ProfileList } from './ProfileList.tsx';
import { canWriteProfiles } from './rules.ts';

// The profile form (react-hook-form, zod) is fetched when first opened (docs/decisions/web-bundle.md).
const ProfileFormDialog = lazyDialog(() =>
  import('./ProfileFormDialog.tsx').then((m) => m.ProfileFormDialog),
);

type Editing = { mode: 'create' } | { mode: 'edit'; profile: ConcreteProfile } | null;

/**
 * /concrete-profiles (our route): the company's concrete profiles, each with its fitted strength curve and
 * R², and, for writers, creating one from lab breaks or editing one. The chosen profile is kept in the
 * address (?profile=id), so it can be linked.
 */
export default function ConcreteProfilesPage() {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const profiles = useConcreteProfiles();
  const functionTypes = useMaturityFunctionTypes();
  const user = useUserDetails();
  const canWrite = canWriteProfiles(user.data);
  const [search, setSearch] = useSearchParams();
  const [editing, setEditing] = useState<Editing>(null);

  const requested = Number(search.get('profile'));
  const select = (id: number) => setSearch({ profile: String(id) }, { replace: true });

  const newButton = canWrite ? (
    <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setEditing({ mode: 'create' })}>
      {t('profiles.new')}
    </Button>
  ) : null;

  return (
    <PageFrame title={t('titles.concreteProfiles')} actions={newButton}>
      <Stack spacing={0.5} sx={{ mb: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {t('profiles.intro')}
        </Typography>
        {user.data && !canWrite ? (
          <Typography variant="body2" color="text.secondary" data-testid="profiles-read-only">
            {t('profiles.readOnly')}
          </Typography>
        ) : null}
      </Stack>
      <QueryState
        query={profiles}
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState message={t(canWrite ? 'profiles.emptyWriter' : 'profiles.empty')} action={newButton} />
        }
      >
        {(list) => {
          const selected = list.find((p) => p.id === requested) ?? list[0];
          return (
            <Stack spacing={3}>
              <ProfileList profiles={list} selectedId={selected?.id ?? null} onSelect={select} />
              {selected ? (
                <ProfileDetail
                  profile={selected}
                  canWrite={canWrite}
                  onEdit={() => setEditing({ mode: 'edit', profile: selected })}
                />
              ) : null}
            </Stack>
          );
        }}
      </QueryState>
      {editing ? (
        <ProfileFormDialog
          // A new form for each profile and unit system: typed text is read in the units it was typed in.
          key={`${editing.mode === 'edit' ? editing.profile.id : 'new'}-${prefs.system}`}
          open
          profile={editing.mode === 'edit' ? editing.profile : null}
          functionTypes={functionTypes.data}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            select(saved.id);
          }}
        />
      ) : null}
    </PageFrame>
  );
}
