import { useId } from 'react';
import { msg, t } from '../lib/i18n';
import { setTheme, THEMES, useTheme, type Theme } from '../lib/theme';
import { cn } from '../lib/utils';

const THEME_LABELS: Record<Theme, string> = {
  system: msg('theme.option.system'),
  light: msg('theme.option.light'),
  dark: msg('theme.option.dark'),
};

/**
 * Chooses the light, dark or system theme (issue 12). A compact native select, like the language
 * switch: no extra JavaScript up front, keyboard and screen-reader friendly.
 */
export function ThemeSwitch({ className }: { className?: string }) {
  const theme = useTheme();
  const id = useId();
  return (
    <div className={cn('flex items-center', className)}>
      <label htmlFor={id} className="sr-only">
        {t('theme.label')}
      </label>
      <select
        id={id}
        value={theme}
        onChange={(event) => setTheme(event.target.value as Theme)}
        className="h-8 rounded-md border border-input bg-transparent px-2 text-sm text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {THEMES.map((value) => (
          <option key={value} value={value}>
            {t(THEME_LABELS[value])}
          </option>
        ))}
      </select>
    </div>
  );
}
