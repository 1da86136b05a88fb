import ExpandLessRoundedIcon from '@mui/icons-material/ExpandLessRounded';
import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import HelpOutlineRoundedIcon from '@mui/icons-material/HelpOutlineRounded';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import LiveHelpOutlinedIcon from '@mui/icons-material/LiveHelpOutlined';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import OpenInNewRoundedIcon from '@mui/icons-material/OpenInNewRounded';
import QrCodeScannerRoundedIcon from '@mui/icons-material/QrCodeScannerRounded';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import SensorsRoundedIcon from '@mui/icons-material/SensorsRounded';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import SummarizeOutlinedIcon from '@mui/icons-material/SummarizeOutlined';
import ThermostatRoundedIcon from '@mui/icons-material/ThermostatRounded';
import TrackChangesRoundedIcon from '@mui/icons-material/TrackChangesRounded';
import {
  Box,
  Button,
  Collapse,
  Divider,
  IconButton,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Tooltip,
  Typography,
} from '@mui/material';
import type { Tenant, TenantGroup } from '@sitepulse/contracts';
import { paths, sortProjectsNewestFirst } from '@sitepulse/domain';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { portfolioBySite, usePortfolio } from '../../api/portfolio.ts';
import { useCompanyModules, useConfig, useJobSites, useUserDetails } from '../../api/queries.ts';
import { sessionSnapshot } from '../../api/session.ts';
import { recordUsageEvent } from '../../api/usage.ts';
import { InlineSpinner } from '../../components/InlineSpinner.tsx';
import { defaultProjectKey } from '../../components/project-name.ts';
import { SiteStateBadge, WithStateDot } from '../../components/SiteStateBadge.tsx';
import { siteStateLabel } from '../../components/site-state.ts';
import { useTranslation } from '../../i18n/index.ts';
import { NavItem } from './NavItem.tsx';
import { isAdminAccount, isArchived, jobSitePath, projectPath, showsTrackingManager } from './rules.ts';
import { SiteAvatar } from './SiteAvatar.tsx';

const PROJECT_ICONS: Record<Tenant['type'], typeof SensorsRoundedIcon> = {
  Concrete: ThermostatRoundedIcon,
  Lumimon: SensorsRoundedIcon,
  Lumitrack: QrCodeScannerRoundedIcon,
};

/** A toggle row: 'Show/Hide Archived Job Sites' or '... Projects'. */
function ArchiveToggle({
  shown,
  showLabel,
  hideLabel,
  onToggle,
  collapsed,
  depth = 0,
  count,
}: {
  shown: boolean;
  showLabel: string;
  hideLabel: string;
  onToggle: () => void;
  collapsed: boolean;
  depth?: number;
  count: number;
}) {
  const label = shown ? hideLabel : showLabel;
  const row = (
    <ListItemButton
      onClick={onToggle}
      aria-expanded={shown}
      aria-label={collapsed ? label : undefined}
      sx={{
        mx: collapsed ? 0.5 : 1,
        my: 0.25,
        minHeight: 36,
        borderRadius: 1.5,
        px: collapsed ? 1 : 1.25,
        pl: collapsed ? 1 : 1.25 + depth * 2.5,
        justifyContent: collapsed ? 'center' : 'flex-start',
        color: 'text.secondary',
      }}
    >
      <ListItemIcon sx={{ minWidth: 0, mr: collapsed ? 0 : 1.5, color: 'inherit' }} aria-hidden>
        <Inventory2OutlinedIcon fontSize="small" />
      </ListItemIcon>
      {collapsed ? null : (
        <>
          <ListItemText
            primary={label}
            slotProps={{ primary: { variant: 'caption', sx: { fontWeight: 600, letterSpacing: 0.2 } } }}
            sx={{ my: 0 }}
          />
          <Typography variant="caption" color="text.disabled" sx={{ mr: 0.5 }} aria-hidden>
            {count}
          </Typography>
          {shown ? <ExpandLessRoundedIcon fontSize="small" /> : <ExpandMoreRoundedIcon fontSize="small" />}
        </>
      )}
    </ListItemButton>
  );
  return collapsed ? (
    <Tooltip title={label} placement="right">
      {row}
    </Tooltip>
  ) : (
    row
  );
}

export interface DrawerNavProps {
  collapsed: boolean;
  /** Called after a navigation, so the phone drawer can close. */
  onNavigate?: () => void;
}

/**
 * The drawer's entries (spec section 2): Map, the job sites split into active and archived, precast
 * plants expanding into their projects, the tracking manager (when allowed) and the help link; under the
 * job sites, our Concrete Profiles entry when the company has the Concrete module.
 */
export function DrawerNav({ collapsed, onNavigate }: DrawerNavProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const params = useParams();
  const selectedSiteId = params.jobsiteId ? Number(params.jobsiteId) : null;
  const selectedTenantId =
    params.tenantId && params.tenantId !== 'undefined' ? Number(params.tenantId) : null;

  const sites = useJobSites();
  const modules = useCompanyModules();
  const config = useConfig();
  const user = useUserDetails();
  // Each site's worst state (issue 13): a chip with its count, and the state in the entry's label.
  const states = portfolioBySite(usePortfolio().data);

  const [showArchivedSites, setShowArchivedSites] = useState(false);
  const [expanded, setExpanded] = useState<Record<number, boolean>>({});
  const [showArchivedProjects, setShowArchivedProjects] = useState<Record<number, boolean>>({});

  const activeModules = useMemo(
    () => (modules.data ? new Set(modules.data.filter((m) => m.isActive).map((m) => m.moduleType)) : null),
    [modules.data],
  );
  /** Projects are filtered by the company's enabled modules (spec section 6), newest first. */
  const projectsOf = (site: TenantGroup) =>
    sortProjectsNewestFirst(site.tenantMessages ?? []).filter(
      (p) => !activeModules || activeModules.has(p.type),
    );

  const all = sites.data ?? [];
  const active = all.filter((s) => !isArchived(s));
  const archived = all.filter((s) => isArchived(s));

  // The archived list (and a plant's archived projects) open by themselves when the selected item is archived.
  useEffect(() => {
    if (selectedSiteId === null || !sites.data) return;
    const site = sites.data.find((s) => s.id === selectedSiteId);
    if (!site) return;
    if (isArchived(site)) setShowArchivedSites(true);
    if (site.type !== 'Construction Site') {
      setExpanded((e) => ({ ...e, [site.id]: true }));
      const project = site.tenantMessages?.find((p) => p.id === selectedTenantId);
      if (project && isArchived(project)) setShowArchivedProjects((s) => ({ ...s, [site.id]: true }));
    }
  }, [selectedSiteId, selectedTenantId, sites.data]);

  const roles = [...new Set([...(user.data?.roles ?? []), ...sessionSnapshot().roles])];
  const trackingManager = showsTrackingManager({
    hasLumitrackModule: !!activeModules?.has('Lumitrack'),
    roles,
    accountType: user.data?.accountType,
  });

  const projectLabel = (p: Tenant) => {
    const key = defaultProjectKey(p);
    return key ? t(key) : p.name;
  };

  const renderProject = (site: TenantGroup, p: Tenant) => {
    const Icon = PROJECT_ICONS[p.type] ?? SensorsRoundedIcon;
    return (
      <NavItem
        key={p.id}
        label={projectLabel(p)}
        icon={<Icon fontSize="small" />}
        to={projectPath(site.id, p)}
        onClick={onNavigate}
        selected={selectedSiteId === site.id && selectedTenantId === p.id}
        depth={1}
        muted={isArchived(p)}
      />
    );
  };

  const renderSite = (site: TenantGroup) => {
    const archivedSite = isArchived(site);
    const state = states.get(site.id);
    const stateProps = state
      ? { end: <SiteStateBadge site={state} />, ariaLabel: siteStateLabel(t, site.name, state) }
      : {};
    const avatar = (
      <WithStateDot site={collapsed ? state : undefined}>
        <SiteAvatar name={site.name} type={site.type} archived={archivedSite} />
      </WithStateDot>
    );
    if (site.type === 'Construction Site' || collapsed) {
      return (
        <NavItem
          key={site.id}
          label={site.name}
          icon={avatar}
          to={jobSitePath(site)}
          onClick={onNavigate}
          selected={selectedSiteId === site.id}
          collapsed={collapsed}
          muted={archivedSite}
          {...stateProps}
        />
      );
    }
    const projects = projectsOf(site);
    const activeProjects = projects.filter((p) => !isArchived(p));
    const archivedProjects = projects.filter((p) => isArchived(p));
    const open = !!expanded[site.id];
    const toggle = () => setExpanded((e) => ({ ...e, [site.id]: !open }));
    return (
      <Box key={site.id}>
        <NavItem
          label={site.name}
          icon={avatar}
          to={jobSitePath(site)}
          onClick={() => {
            setExpanded((e) => ({ ...e, [site.id]: true }));
            onNavigate?.();
          }}
          selected={selectedSiteId === site.id && selectedTenantId === null}
          muted={archivedSite}
          {...stateProps}
          action={
            <IconButton
              size="small"
              edge="end"
              aria-label={t(open ? 'shell.drawer.collapseSite' : 'shell.drawer.expandSite', {
                name: site.name,
              })}
              aria-expanded={open}
              onClick={toggle}
              sx={{ color: 'text.secondary' }}
            >
              {open ? <ExpandLessRoundedIcon fontSize="small" /> : <ExpandMoreRoundedIcon fontSize="small" />}
            </IconButton>
          }
        />
        <Collapse in={open} timeout="auto" unmountOnExit>
          <List disablePadding dense>
            {activeProjects.map((p) => renderProject(site, p))}
            {projects.length === 0 ? (
              <Typography variant="caption" color="text.disabled" sx={{ display: 'block', pl: 7, py: 0.75 }}>
                {t('shell.drawer.noProjects')}
              </Typography>
            ) : null}
            {archivedProjects.length > 0 ? (
              <>
                <ArchiveToggle
                  shown={!!showArchivedProjects[site.id]}
                  showLabel={t('shell.drawer.showArchivedProjects')}
                  hideLabel={t('shell.drawer.hideArchivedProjects')}
                  onToggle={() => setShowArchivedProjects((s) => ({ ...s, [site.id]: !s[site.id] }))}
                  collapsed={false}
                  depth={1}
                  count={archivedProjects.length}
                />
                <Collapse in={!!showArchivedProjects[site.id]} timeout="auto" unmountOnExit>
                  <List disablePadding dense>
                    {archivedProjects.map((p) => renderProject(site, p))}
                  </List>
                </Collapse>
              </>
            ) : null}
          </List>
        </Collapse>
      </Box>
    );
  };

  return (
    <Box
      component="nav"
      aria-label={t('shell.drawer.navigation')}
      sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
    >
      <Box sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden', py: 1 }}>
        <List disablePadding dense>
          <NavItem
            label={t('shell.drawer.map')}
            icon={<MapOutlinedIcon />}
            to="/"
            onClick={onNavigate}
            selected={pathname === '/'}
            collapsed={collapsed}
          />
        </List>
        <Divider sx={{ my: 1, mx: collapsed ? 1 : 2 }} />
        <List
          dense
          disablePadding
          subheader={
            collapsed ? undefined : (
              <ListSubheader
                disableSticky
                sx={{
                  lineHeight: '32px',
                  bgcolor: 'transparent',
                  fontSize: 11,
                  fontWeight: 700,
                  letterSpacing: 0.8,
                  textTransform: 'uppercase',
                  color: 'text.secondary',
                  px: 2.5,
                }}
              >
                {t('shell.drawer.jobSites')}
              </ListSubheader>
            )
          }
        >
          {sites.isPending && !collapsed ? (
            <Box sx={{ px: 2.5, py: 1 }}>
              <InlineSpinner message={t('common.loading')} />
            </Box>
          ) : null}
          {sites.isError && !sites.data && !collapsed ? (
            <Box sx={{ px: 2.5, py: 1 }}>
              <Typography variant="body2" color="error" sx={{ mb: 1 }}>
                {t('shell.drawer.loadFailed')}
              </Typography>
              <Button size="small" variant="outlined" onClick={() => sites.refetch()}>
                {t('shell.error.tryAgain')}
              </Button>
            </Box>
          ) : null}
          {sites.data && all.length === 0 && !collapsed ? (
            <Typography variant="body2" color="text.secondary" sx={{ px: 2.5, py: 1 }}>
              {t('shell.drawer.noJobSites')}
            </Typography>
          ) : null}
          {active.map(renderSite)}
          {archived.length > 0 ? (
            <>
              <ArchiveToggle
                shown={showArchivedSites}
                showLabel={t('shell.drawer.showArchivedJobSites')}
                hideLabel={t('shell.drawer.hideArchivedJobSites')}
                onToggle={() => setShowArchivedSites((v) => !v)}
                collapsed={collapsed}
                count={archived.length}
              />
              <Collapse in={showArchivedSites} timeout="auto" unmountOnExit>
                <List disablePadding dense aria-label={t('shell.drawer.archivedJobSites')}>
                  {archived.map(renderSite)}
                </List>
              </Collapse>
            </>
          ) : null}
        </List>
      </Box>
      <Divider />
      <List dense sx={{ py: 1 }}>
        <NavItem
          label={t('titles.reports')}
          icon={<SummarizeOutlinedIcon />}
          to="/reports"
          onClick={onNavigate}
          selected={pathname === '/reports'}
          collapsed={collapsed}
        />
        {/* The alarms of the job site on screen (issue 15). */}
        {selectedSiteId !== null && Number.isInteger(selectedSiteId) ? (
          <NavItem
            label={t('titles.alarms')}
            icon={<NotificationsActiveOutlinedIcon />}
            to={paths.alarms.href(selectedSiteId)}
            onClick={onNavigate}
            selected={pathname === paths.alarms.href(selectedSiteId)}
            collapsed={collapsed}
          />
        ) : null}
        {activeModules?.has('Concrete') ? (
          <NavItem
            label={t('titles.concreteProfiles')}
            icon={<ScienceOutlinedIcon />}
            to="/concrete-profiles"
            onClick={onNavigate}
            selected={pathname === '/concrete-profiles'}
            collapsed={collapsed}
          />
        ) : null}
        {/* Ours (issue 16): the checklist templates of Lumitrack projects, for company admins. */}
        {activeModules?.has('Lumitrack') && isAdminAccount(user.data?.accountType) ? (
          <NavItem
            label={t('titles.checklists')}
            icon={<FactCheckOutlinedIcon />}
            to="/checklists"
            onClick={onNavigate}
            selected={pathname === '/checklists'}
            collapsed={collapsed}
          />
        ) : null}
        {trackingManager ? (
          <NavItem
            label={t('shell.drawer.trackingManager')}
            icon={<TrackChangesRoundedIcon />}
            to="/tracking-manager"
            onClick={onNavigate}
            selected={pathname === '/tracking-manager'}
            collapsed={collapsed}
          />
        ) : null}
        {config.data?.helpUrl ? (
          <NavItem
            label={t('shell.drawer.help')}
            icon={<HelpOutlineRoundedIcon />}
            href={config.data.helpUrl}
            onClick={() => recordUsageEvent('help_opened')}
            collapsed={collapsed}
            end={<OpenInNewRoundedIcon sx={{ fontSize: 16, color: 'text.disabled' }} aria-hidden />}
          />
        ) : null}
        {/* The help centre and the shop (spec section 1; issue 16): external, from the public config. */}
        {config.data?.helpCentreUrl ? (
          <NavItem
            label={t('shell.drawer.helpCentre')}
            icon={<LiveHelpOutlinedIcon />}
            href={config.data.helpCentreUrl}
            onClick={() => recordUsageEvent('help_centre_opened')}
            collapsed={collapsed}
            end={<OpenInNewRoundedIcon sx={{ fontSize: 16, color: 'text.disabled' }} aria-hidden />}
          />
        ) : null}
        {config.data?.shopUrl ? (
          <NavItem
            label={t('shell.drawer.shop')}
            icon={<StorefrontOutlinedIcon />}
            href={config.data.shopUrl}
            onClick={() => recordUsageEvent('shop_opened')}
            collapsed={collapsed}
            end={<OpenInNewRoundedIcon sx={{ fontSize: 16, color: 'text.disabled' }} aria-hidden />}
          />
        ) : null}
      </List>
    </Box>
  );
}
