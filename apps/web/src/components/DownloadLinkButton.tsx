import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import { Button } from '@mui/material';
import { useState } from 'react';
import { refreshAccessToken } from '../api/client.ts';

/**
 * A ready file (report, label file): a plain link carrying the access token, so the browser downloads it
 * itself. `makeHref` answers '' while the token is expired and no link can be built: the button then
 * refreshes the session first, and the next render shows the link.
 */
export function DownloadLinkButton({
  makeHref,
  fileName,
  label,
  text,
  testId,
}: {
  makeHref: () => string;
  fileName: string;
  /** the accessible name, naming the file */
  label: string;
  /** the words on the button */
  text: string;
  testId?: string;
}) {
  const [, setSession] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  const href = makeHref();
  const common = {
    size: 'small',
    variant: 'outlined',
    startIcon: <DownloadRoundedIcon />,
    'aria-label': label,
  } as const;
  if (!href)
    return (
      <Button
        {...common}
        loading={refreshing}
        onClick={() => {
          setRefreshing(true);
          void refreshAccessToken().finally(() => {
            setRefreshing(false);
            setSession((n) => n + 1);
          });
        }}
      >
        {text}
      </Button>
    );
  return (
    <Button {...common} component="a" href={href} download={fileName} data-testid={testId}>
      {text}
    </Button>
  );
}
