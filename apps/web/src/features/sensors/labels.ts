import type { LumimonNodeCard, SensorLatest } from '@sitepulse/contracts';
import {
  ageText,
  elapsedMsBetween,
  MISSING_VALUE,
  quantityOfSensorType,
  sensorDisplayName,
  sensorOrdinals,
} from '@sitepulse/domain';
import { useMemo } from 'react';
import type { DisplayPreferences } from '../../app/preferences.ts';
import { defaultProjectKey } from '../../components/project-name.ts';
import { useTranslation } from '../../i18n/index.ts';

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
        const k = defaultProjectKey({ name: p.tenantName, type: p.tenantType as 'Lumimon' });
        return k ? t(k) : p.tenantName;
      },
      /** The spec's name of a sensor: its alias, else 'Sensor {id}' (section 3). */
      sensor: (s: Pick<SensorLatest, 'sensorId' | 'sensorAlias'>) =>
        s.sensorAlias
          ? s.sensorAlias
          : t('sensors.sensorName', { id: s.sensorId, defaultValue: sensorDisplayName(s) }),
      /**
       * Names for the sensors of one node that say what they are: the alias when set, else the sensor type
       * and its position among the node's sensors of that type ('Temperature', or 'Temperature 2' when there
       * are several; domain sensorOrdinals). The spec's 'Sensor {id}' stays beside it (`sensor`).
       */
      sensorNames: (sensors: readonly Pick<SensorLatest, 'sensorId' | 'sensorType'>[]) => {
        const ordinals = sensorOrdinals(sensors);
        return (s: Pick<SensorLatest, 'sensorId' | 'sensorType' | 'sensorAlias'>): string => {
          if (s.sensorAlias?.trim()) return s.sensorAlias;
          const type = t(`sensors.sensorTypes.${s.sensorType}`, { defaultValue: s.sensorType });
          const n = ordinals.get(String(s.sensorId));
          return n ? t('sensors.sensorOfType', { type, n }) : type;
        };
      },
      /**
       * Sensor types as one name, in the user's language: 'Temperature', 'Humidity & wind speed',
       * 'Humedad y velocidad del viento' (the names of the node's sensor groups).
       */
      typeList: (types: readonly string[]): string => {
        const names = types.map((type, i) => {
          const name = t(`sensors.sensorTypes.${type}`, { defaultValue: type });
          // 'Humidity & wind speed': later names lower-cased, unless they are an acronym ('GPS').
          return i > 0 && /^\p{Lu}\p{Ll}/u.test(name)
            ? name[0].toLocaleLowerCase(language) + name.slice(1)
            : name;
        });
        try {
          return new Intl.ListFormat(language, { style: 'short', type: 'conjunction' }).format(names);
        } catch {
          return names.join(', ');
        }
      },
      /** The line under such a name: 'Sensor 21' (the spec's name), after the type when an alias names it. */
      sensorCaption: (s: Pick<SensorLatest, 'sensorId' | 'sensorType' | 'sensorAlias'>): string => {
        const id = t('sensors.sensorName', { id: s.sensorId, defaultValue: `Sensor ${s.sensorId}` });
        if (!s.sensorAlias?.trim()) return id;
        return `${t(`sensors.sensorTypes.${s.sensorType}`, { defaultValue: s.sensorType })} · ${id}`;
      },
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
