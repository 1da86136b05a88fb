import AirRoundedIcon from '@mui/icons-material/AirRounded';
import BoltRoundedIcon from '@mui/icons-material/BoltRounded';
import LocationOnRoundedIcon from '@mui/icons-material/LocationOnRounded';
import SensorsRoundedIcon from '@mui/icons-material/SensorsRounded';
import WaterDropRoundedIcon from '@mui/icons-material/WaterDropRounded';
import WbCloudyRoundedIcon from '@mui/icons-material/WbCloudyRounded';
import type { SvgIconProps } from '@mui/material';

const ICONS: Record<string, typeof SensorsRoundedIcon> = {
  'Microweather Node': WbCloudyRoundedIcon,
  Gas: AirRoundedIcon,
  'Liquid Level': WaterDropRoundedIcon,
  'Current Transformer': BoltRoundedIcon,
  GPS: LocationOnRoundedIcon,
};

/** The icon of a node or job type (a generic sensor icon for types without their own). */
export function NodeTypeIcon({ type, ...props }: { type: string } & SvgIconProps) {
  const Icon = ICONS[type] ?? SensorsRoundedIcon;
  return <Icon aria-hidden {...props} />;
}
