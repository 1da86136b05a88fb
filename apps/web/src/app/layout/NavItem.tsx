import { ListItem, ListItemButton, ListItemIcon, ListItemText, Tooltip } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { ReactElement, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { DRAWER_TOOLTIP_MIN_LENGTH } from './rules.ts';

export interface NavItemProps {
  label: string;
  icon: ReactNode;
  to?: string;
  href?: string;
  onClick?: () => void;
  selected?: boolean;
  collapsed?: boolean;
  /** Nesting level: 0 for top entries, 1 for a plant's projects. */
  depth?: number;
  muted?: boolean;
  end?: ReactNode;
  /** A button beside the entry (not inside its link), e.g. expand/collapse. */
  action?: ReactNode;
  ariaLabel?: string;
  ariaExpanded?: boolean;
}

/**
 * One drawer entry. When the drawer is collapsed only the icon shows and the name moves to a tooltip;
 * when open, names longer than 16 characters are cut with an ellipsis and get a tooltip (spec section 2).
 */
export function NavItem({
  label,
  icon,
  to,
  href,
  onClick,
  selected = false,
  collapsed = false,
  depth = 0,
  muted = false,
  end,
  action,
  ariaLabel,
  ariaExpanded,
}: NavItemProps) {
  const linkProps = to
    ? { component: RouterLink, to }
    : href
      ? { component: 'a' as const, href, target: '_blank', rel: 'noopener noreferrer' }
      : {};
  const button: ReactElement = (
    <ListItemButton
      {...linkProps}
      onClick={onClick}
      selected={selected}
      aria-current={selected && to ? 'page' : undefined}
      aria-label={collapsed ? (ariaLabel ?? label) : ariaLabel}
      aria-expanded={ariaExpanded}
      sx={(theme) => ({
        mx: collapsed ? 0.5 : 1,
        my: 0.25,
        minHeight: 40,
        borderRadius: 1.5,
        px: collapsed ? 1 : 1.25,
        pr: action && !collapsed ? 5 : undefined,
        pl: collapsed ? 1 : 1.25 + depth * 2.5,
        justifyContent: collapsed ? 'center' : 'flex-start',
        color: muted ? 'text.secondary' : 'text.primary',
        position: 'relative',
        '&.Mui-selected': {
          bgcolor: alpha(theme.palette.primary.main, 0.1),
          color: 'primary.main',
          '& .MuiListItemText-primary': { fontWeight: 600 },
          '&::before': collapsed
            ? undefined
            : {
                content: '""',
                position: 'absolute',
                left: -8,
                top: 8,
                bottom: 8,
                width: 3,
                borderRadius: 2,
                bgcolor: 'secondary.main',
              },
        },
        '&.Mui-selected:hover': { bgcolor: alpha(theme.palette.primary.main, 0.16) },
      })}
    >
      <ListItemIcon
        sx={{ minWidth: 0, mr: collapsed ? 0 : 1.5, color: 'inherit', justifyContent: 'center' }}
        aria-hidden
      >
        {icon}
      </ListItemIcon>
      {collapsed ? null : (
        <ListItemText
          primary={label}
          slotProps={{ primary: { noWrap: true, variant: 'body2', sx: { fontWeight: 500 } } }}
          sx={{ my: 0, minWidth: 0 }}
        />
      )}
      {collapsed ? null : end}
    </ListItemButton>
  );

  const needsTooltip = collapsed || label.length > DRAWER_TOOLTIP_MIN_LENGTH;
  const entry = needsTooltip ? (
    <Tooltip title={label} placement="right" describeChild={!collapsed}>
      {button}
    </Tooltip>
  ) : (
    button
  );
  if (!action || collapsed) return entry;
  return (
    <ListItem
      disablePadding
      secondaryAction={action}
      sx={{ '& .MuiListItemSecondaryAction-root': { right: 14 } }}
    >
      {entry}
    </ListItem>
  );
}
