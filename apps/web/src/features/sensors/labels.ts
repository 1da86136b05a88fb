import type { LumimonNodeCard, SensorLatest } from '@sitepulse/contracts';
import {
  ageText,
  elapsedMsBetween,
  MISSING_VALUE,
  quantityOfSensorType,
  sensorDisplayName,
} from '@sitepulse/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultProjectNameKey } from '../../app/layout/rules.ts';
import type { DisplayPreferences } from '../../app/preferences.ts';

/** Degrees with 5 decimals (about a metre), or '--'. */
export const degrees = (v: number | null | undefined): string =>
  typeof v === 'number' && Number.isFinite(v) ? v.toFixed(5) : MISSING_VALUE;

/** The quantity a sensor type's values are (for units and conversion); the type itself when it has none. */
export const quantityOf = (sensorType: string): string => quantityOfSensorType(sensorType) ?? sensorType;

/** Translated names of sensor types, node types and projects, and the texts the sensor screens share. */
export function useSensorLabels() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(
    () => ({
      sensorType: (type: string) => t(`sensors.sensorTypes.${type}`, { defaultValue: type }),
      nodeType: (type: string) => t(`sensors.nodeTypes.${type}`, { defaultValue: type }),
      project: (p: { tenantName: string; tenantType: string }) => {
        const k = defaultProjectNameKey({ name: p.tenantName, type: p.tenantType as 'Lumimon' });
        return k ? t(k) : p.tenantName;
      },
      sensor: (s: Pick<SensorLatest, 'sensorId' | 'sensorAlias'>) =>
        s.sensorAlias
          ? s.sensorAlias
          : t('sensors.sensorName', { id: s.sensorId, defaultValue: sensorDisplayName(s) }),
      /** '5 minutes ago' ('--' when unknown). */
      ago: (ts: number | null | undefined, now = Date.now()) => {
        const ms = elapsedMsBetween(ts ?? null, now);
        return ms === null ? MISSING_VALUE : t('sensors.ago', { age: ageText(ms, language) });
      },
    }),
    [t, language],
  );
}

/** The threshold of a card as text in the user's units, e.g. '> 35 ppm' or '< 0.5 m · > 3 m'; null without one. */
export function thresholdText(
  card: Pick<LumimonNodeCard, 'alarmData'>,
  prefs: DisplayPreferences,
): string | null {
  const a = card.alarmData;
  if (!a.sensorType) return null;
  const q = quantityOf(a.sensorType);
  const parts: string[] = [];
  if (a.mediumThresholdLBound !== null) parts.push(`< ${prefs.withUnit(q, a.mediumThresholdLBound)}`);
  if (a.mediumThresholdHBound !== null) parts.push(`> ${prefs.withUnit(q, a.mediumThresholdHBound)}`);
  return parts.length ? parts.join(' · ') : null;
}
