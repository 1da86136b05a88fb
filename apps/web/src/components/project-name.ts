import { projectDisplayName } from '@sitepulse/domain';
import { useCallback } from 'react';
import { useTranslation } from '../i18n/index.ts';

/**
 * The i18n key of a project's shown name when it is named 'Default' (section 2: 'Job Site Sensors' for a
 * Lumimon project, 'Concrete Sensors' otherwise), or null to show its own name.
 */
export function defaultProjectKey(project: { name?: string | null; type?: string | null }): string | null {
  if (project.name !== 'Default') return null;
  return project.type === 'Lumimon' ? 'shell.projects.defaultLumimon' : 'shell.projects.defaultOther';
}

/**
 * A project's name as a screen shows it, translated: 'Default' reads 'Concrete Sensors' / 'Sensores de
 * hormigón' or 'Job Site Sensors' / 'Sensores de la obra' (domain projectDisplayName gives the English).
 */
export function useProjectName(): (project: { name?: string | null; type?: string | null }) => string {
  const { t } = useTranslation();
  return useCallback(
    (project) => {
      const key = defaultProjectKey(project);
      return key ? t(key, { defaultValue: projectDisplayName(project) }) : projectDisplayName(project);
    },
    [t],
  );
}
