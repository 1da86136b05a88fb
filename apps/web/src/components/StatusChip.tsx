import { Chip, Tooltip } from '@mui/material';
import { type StatusStyle, statusStyle } from '@sitepulse/domain';
import { useTranslation } from '../i18n/index.ts';

/** The chip colours of spec section 4 ("Status colours and tooltips"), as MUI colours. */
const CHIP_COLOURS: Record<StatusStyle['colour'], { bg: string; fg: string; border?: string }> = {
  red: { bg: '#d32f2f', fg: '#fff' },
  green: { bg: '#2e7d32', fg: '#fff' },
  blue: { bg: '#1565c0', fg: '#fff' },
  black: { bg: '#212121', fg: '#fff' },
  gray: { bg: '#9e9e9e', fg: '#fff' },
  yellow: { bg: '#fbc02d', fg: '#212121' },
  white: { bg: '#fff', fg: '#212121', border: '#bdbdbd' },
};

/** A job status label (NEW, PENDING START, STARTED, STOPPED, ERROR, MAINTENANCE) as a coloured chip with its tooltip. */
export function StatusChip({ label, size = 'small' }: { label: string; size?: 'small' | 'medium' }) {
  const { t } = useTranslation();
  const style = statusStyle(label);
  const colours = CHIP_COLOURS[style.colour];
  const known = style.tooltip !== 'Unknown';
  return (
    <Tooltip title={t(`widgets.status.tooltips.${style.tooltip}`)} arrow>
      <Chip
        size={size}
        label={t(`widgets.status.labels.${known ? label : 'UNKNOWN'}`)}
        data-status={label}
        data-colour={style.colour}
        sx={{
          bgcolor: colours.bg,
          color: colours.fg,
          border: colours.border ? `1px solid ${colours.border}` : undefined,
          fontWeight: 700,
          letterSpacing: 0.3,
          fontSize: size === 'small' ? 11 : 13,
        }}
      />
    </Tooltip>
  );
}
