import NotificationsActiveRoundedIcon from '@mui/icons-material/NotificationsActiveRounded';
import { Box, Card, CardActionArea, Chip, Tooltip, Typography } from '@mui/material';
import type { AlarmEvent, LumimonNodeCard } from '@sitepulse/contracts';
import { MISSING_VALUE, nodeCardReadings, nodeIdShown } from '@sitepulse/domain';
import { Link as RouterLink } from 'react-router';
import type { DisplayPreferences } from '../../app/preferences.ts';
import { AlarmStateBadge } from '../../components/AlarmStateBadge.tsx';
import { BatteryIndicator } from '../../components/BatteryIndicator.tsx';
import { SignalIndicator } from '../../components/SignalIndicator.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { degrees, quantityOf, thresholdText, useSensorLabels } from './labels.ts';
import { NodeTypeIcon } from './NodeTypeIcon.tsx';

/** One reading of a card: the sensor type over its value and unit; the alarming one in red. */
function Reading({
  label,
  value,
  unit,
  alarm,
  sensorType,
}: {
  label: string;
  value: string;
  unit: string;
  alarm: boolean;
  sensorType: string;
}) {
  return (
    <Box
      data-testid="node-reading"
      data-sensor-type={sensorType}
      data-alarm={alarm || undefined}
      sx={{
        minWidth: 0,
        px: 1,
        py: 0.75,
        borderRadius: 1.5,
        bgcolor: alarm ? 'error.main' : 'action.hover',
        color: alarm ? 'error.contrastText' : 'text.primary',
      }}
    >
      <Typography
        variant="caption"
        component="div"
        noWrap
        title={label}
        sx={{ opacity: 0.85, lineHeight: 1.3 }}
      >
        {label}
      </Typography>
      <Typography
        component="div"
        sx={{ fontWeight: 700, fontSize: 18, lineHeight: 1.3, overflowWrap: 'anywhere' }}
      >
        {value}
        {value !== MISSING_VALUE && unit ? (
          <Typography component="span" sx={{ fontSize: 13, fontWeight: 600, ml: 0.5 }}>
            {unit}
          </Typography>
        ) : null}
      </Typography>
    </Box>
  );
}

/**
 * A node card of the job-site sensors overview (spec section 2): the job and its node, the status chip,
 * the alarm (red frame, chip and reading), the readings (1 for gas nodes, 3 for weather nodes, all for
 * others), the latest position of a GPS node, battery, signal and when the node was last heard from.
 * The whole card opens the job's detail screen; under it, the alarms still active of the job and its node
 * (issue 15), each opening the site's alarms page (a link of its own, not inside the card's).
 */
export function NodeCard({
  card,
  href,
  prefs,
  now,
  alarms = [],
  tenantGroupId,
}: {
  card: LumimonNodeCard;
  href: string;
  prefs: DisplayPreferences;
  now: number;
  /** the job's and its node's alarms still active (api/alarm-events.ts) */
  alarms?: readonly AlarmEvent[];
  tenantGroupId?: number;
}) {
  const { t } = useTranslation();
  const labels = useSensorLabels();
  const readings = nodeCardReadings(card.nodeType, card.readings);
  const threshold = thresholdText(card, prefs);
  const nodeId = nodeIdShown(card.nodeId, card.tenantType);
  // Battery and signal are hidden once the job stopped (section 4).
  const stopped = card.statusLabel === 'STOPPED';
  return (
    <Card
      variant="outlined"
      data-testid="node-card"
      data-job-id={card.jobId}
      data-alarming={card.alarming ? 'true' : 'false'}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        borderRadius: 2,
        borderWidth: card.alarming ? 2 : 1,
        borderColor: card.alarming ? 'error.main' : 'divider',
        bgcolor: card.alarming ? '#fff6f5' : 'background.paper',
      }}
    >
      <CardActionArea
        component={RouterLink}
        to={href}
        aria-label={t('sensors.card.open', { name: card.channelJobName })}
        sx={{
          flex: 1,
          p: 1.5,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'stretch',
          gap: 1,
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <NodeTypeIcon type={card.channelJobTypeName} color={card.alarming ? 'error' : 'primary'} />
          <Typography
            component="h3"
            data-testid="node-card-name"
            sx={{ fontWeight: 700, fontSize: 16, flex: 1, minWidth: 0 }}
            noWrap
            title={card.channelJobName}
          >
            {card.channelJobName}
          </Typography>
          <StatusChip label={card.statusLabel} />
        </Box>
        <Typography variant="caption" color="text.secondary" noWrap sx={{ mt: -0.5 }}>
          {labels.nodeType(card.channelJobTypeName)} · {t('sensors.card.node', { id: nodeId })} ·{' '}
          {labels.project(card)}
        </Typography>

        {card.alarming ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Chip
              size="small"
              color="error"
              icon={<NotificationsActiveRoundedIcon />}
              label={t('sensors.card.alarm')}
              data-testid="alarm-chip"
              sx={{ fontWeight: 700 }}
            />
            {threshold ? (
              <Typography variant="caption" color="error.dark" sx={{ fontWeight: 600 }}>
                {t('sensors.card.threshold', { value: threshold })}
              </Typography>
            ) : null}
          </Box>
        ) : null}

        {card.group === 'gps' ? (
          <Box
            data-testid="node-position"
            sx={{ px: 1, py: 0.75, borderRadius: 1.5, bgcolor: 'action.hover' }}
          >
            <Typography variant="caption" component="div" sx={{ opacity: 0.85 }}>
              {t('sensors.card.position')}
            </Typography>
            <Typography sx={{ fontWeight: 700, fontSize: 15, fontVariantNumeric: 'tabular-nums' }} noWrap>
              {card.location
                ? `${degrees(card.location.lat)}, ${degrees(card.location.longitude)}`
                : MISSING_VALUE}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {prefs.time(card.location?.timestamp)}
            </Typography>
          </Box>
        ) : readings.length ? (
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: `repeat(${Math.min(readings.length, 3)}, minmax(0, 1fr))`,
              gap: 0.75,
            }}
          >
            {readings.map((r) => {
              const q = quantityOf(r.sensorType);
              return (
                <Reading
                  key={r.sensorType}
                  sensorType={r.sensorType}
                  label={labels.sensorType(r.sensorType)}
                  value={prefs.value(q, r.value)}
                  unit={prefs.unit(q)}
                  alarm={card.alarming && card.alarmData.sensorType === r.sensorType}
                />
              );
            })}
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('sensors.card.noReadings')}
          </Typography>
        )}

        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 'auto', minHeight: 24 }}>
          <BatteryIndicator
            percent={card.latestNodeBattery.value}
            terminated={stopped}
            levelType={card.batteryLevelType}
            showText
          />
          <SignalIndicator latestSignal={card.latestNodeSignal} terminated={stopped} />
          <Tooltip title={prefs.time(card.lastSeen)} arrow>
            <Typography
              variant="caption"
              color="text.secondary"
              data-testid="last-seen"
              sx={{ ml: 'auto', whiteSpace: 'nowrap' }}
            >
              {t('sensors.card.lastSeen', { when: labels.ago(card.lastSeen, now) })}
            </Typography>
          </Tooltip>
        </Box>
      </CardActionArea>
      {tenantGroupId !== undefined && alarms.length > 0 ? (
        <Box sx={{ px: 1.5, pb: 1.25, pt: 0.25 }}>
          <AlarmStateBadge alarms={alarms} tenantGroupId={tenantGroupId} compact />
        </Box>
      ) : null}
    </Card>
  );
}
