import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);

/**
 * MUI's theme without its CSS-variables machinery (7.7 kB gzipped of every first visit; docs/decisions/web-bundle.md).
 *
 * Our theme (src/app/theme.ts) sets no `cssVariables` and no `colorSchemes`, so MUI's `createTheme` returns
 * `createThemeNoVars(options)` and its `ThemeProvider` renders `ThemeProviderNoVars`; but both modules
 * import the CSS-variables variants too (`createThemeWithVars`, `CssVarsProvider`, InitColorSchemeScript,
 * @mui/system/cssVars), and every component reaches them through the default theme. In the production
 * build these two modules are replaced by the branch our theme takes, word for word, and a theme with CSS
 * variables or colour schemes throws instead of rendering without them. Development and tests use MUI as
 * published (the same branch).
 */
export function muiWithoutCssVariables(): Plugin {
  const styles = join(dirname(require.resolve('@mui/material/package.json')), 'styles');
  const file = (name: string) => JSON.stringify(join(styles, name));
  const refuse = `throw new Error('Sitepulse build: MUI themes with CSS variables or colour schemes are left out (build/mui-without-css-variables.ts)')`;
  const replaced = new Map<string, string>([
    [
      join(styles, 'createTheme.mjs'),
      `import createThemeNoVars from ${file('createThemeNoVars.mjs')};
export default function createTheme(options = {}, ...args) {
  if (options.cssVariables || 'colorSchemes' in options) ${refuse};
  return createThemeNoVars(options, ...args);
}
`,
    ],
    [
      join(styles, 'ThemeProvider.mjs'),
      `'use client';
import * as React from 'react';
import ThemeProviderNoVars from ${file('ThemeProviderNoVars.mjs')};
import THEME_ID from ${file('identifier.mjs')};
import { jsx as _jsx } from 'react/jsx-runtime';
export default function ThemeProvider({ theme, ...props }) {
  const noVarsTheme = React.useMemo(() => {
    if (typeof theme === 'function') return theme;
    const muiTheme = THEME_ID in theme ? theme[THEME_ID] : theme;
    if ('colorSchemes' in muiTheme) ${refuse};
    // For non-CSS variables themes, set \`vars\` to null to prevent theme inheritance from the upper theme.
    return 'vars' in muiTheme ? theme : { ...theme, vars: null };
  }, [theme]);
  return /*#__PURE__*/ _jsx(ThemeProviderNoVars, { theme: noVarsTheme, ...props });
}
`,
    ],
  ]);
  return {
    name: 'sitepulse-mui-without-css-variables',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      return replaced.get(id.split('?')[0]) ?? null;
    },
  };
}
