import { Paper, type SxProps, type Theme } from '@mui/material';
import { styled } from '@mui/material/styles';
import type { ReactNode } from 'react';

/**
 * MUI's permanent Drawer (`<Drawer variant="permanent" anchor="left">`), drawn the same way (the same
 * elements, classes and styles as its docked root and paper), without the Modal, Slide and focus trap the
 * Drawer module brings for its temporary variant: 7 kB gzipped on every signed-in first visit
 * (docs/decisions/web-bundle.md). The phone's temporary drawer is MUI's Drawer, fetched when first opened.
 */
const DockedRoot = styled('div', { name: 'MuiDrawer', slot: 'Docked' })({ flex: '0 0 auto' });

const DockedPaper = styled(Paper, { name: 'MuiDrawer', slot: 'Paper' })(({ theme }) => ({
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  height: '100%',
  flex: '1 0 auto',
  zIndex: theme.zIndex.drawer,
  // Add iOS momentum scrolling for iOS < 13.0
  WebkitOverflowScrolling: 'touch',
  position: 'fixed',
  top: 0,
  outline: 0,
  left: 0,
  borderRight: `1px solid ${theme.palette.divider}`,
}));

export function DockedDrawer({
  sx,
  paperSx,
  children,
}: {
  sx?: SxProps<Theme>;
  paperSx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <DockedRoot className="MuiDrawer-root MuiDrawer-anchorLeft MuiDrawer-docked" sx={sx}>
      <DockedPaper elevation={0} square className="MuiDrawer-paper" sx={paperSx}>
        {children}
      </DockedPaper>
    </DockedRoot>
  );
}
