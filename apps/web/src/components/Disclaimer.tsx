import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { Alert } from '@mui/material';
import type { TextResource } from '@sitepulse/contracts';
import { AOMS_MATURITY_STRENGTH_DISCLAIMER, matchRoute, showDisclaimer } from '@sitepulse/domain';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { apiFetch } from '../api/client.ts';
import { queryKeys } from '../api/query-keys.ts';
import { useTranslation } from '../i18n/index.ts';

/**
 * The maturity-strength disclaimer (spec section 2): shown on the project job list, the dashboards and
 * the job, unless the job site is terminated (domain showDisclaimer, for the route it is on). Its text is the AOMS_MATURITY_STRENGTH_DISCLAIMER resource
 * in the user's language; a failed load is ignored silently (section 8).
 */
export function Disclaimer({ jobSite }: { jobSite: { state?: string | null } | undefined }) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const route = matchRoute(useLocation().pathname);
  const show = !!jobSite && !!route && showDisclaimer(route.key, jobSite.state);
  const { data } = useQuery({
    queryKey: queryKeys.resources.text(AOMS_MATURITY_STRENGTH_DISCLAIMER, language),
    queryFn: ({ signal }) =>
      apiFetch<TextResource>(`/resources/text/${AOMS_MATURITY_STRENGTH_DISCLAIMER}`, {
        signal,
        query: { language },
      }),
    enabled: show,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  if (!show || !data?.text) return null;
  return (
    <Alert
      severity="info"
      variant="outlined"
      icon={<InfoOutlinedIcon fontSize="small" />}
      data-testid="maturity-disclaimer"
      sx={{
        mt: 3,
        fontSize: 13,
        bgcolor: 'background.paper',
        '& .MuiAlert-message': { whiteSpace: 'pre-line' },
      }}
    >
      {data.text}
    </Alert>
  );
}
