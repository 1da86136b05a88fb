import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import { Button } from '@mui/material';
import { useReinviteUser } from '../api/users.ts';
import { useAlert } from './AlertBanner.tsx';

/**
 * 'Resend invitation' for someone who has not set up their account (POST /v2/users/reinvite): a new link
 * is sent and the earlier ones stop working. How it went is said in the page's alert; the texts are the
 * caller's, in its own area's words.
 */
export function ReinviteButton({
  username,
  label,
  accessibleName,
  resentMessage,
  failureText,
  variant = 'outlined',
}: {
  username: string;
  label: string;
  /** The button's name for screen readers: says whom it is for. */
  accessibleName: string;
  resentMessage: string;
  failureText: (error: unknown) => string;
  variant?: 'text' | 'outlined' | 'contained';
}) {
  const { showAlert } = useAlert();
  const reinvite = useReinviteUser();
  return (
    <Button
      size="small"
      variant={variant}
      startIcon={<SendOutlinedIcon />}
      loading={reinvite.isPending}
      aria-label={accessibleName}
      onClick={() =>
        reinvite.mutate(
          { username },
          {
            onSuccess: () => showAlert({ severity: 'success', message: resentMessage }),
            onError: (error) => showAlert({ severity: 'error', message: failureText(error) }),
          },
        )
      }
      sx={{ whiteSpace: 'nowrap' }}
    >
      {label}
    </Button>
  );
}
