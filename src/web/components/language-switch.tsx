import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { toast } from '../lib/toast';
import { loadAuthClient } from '../features/auth/load-auth-client';
import { sessionQueryOptions } from '../features/auth/session';
import { activateLanguage, availableLanguages, languageName, t, useLanguage } from '../lib/i18n';
import { cn } from '../lib/utils';

/**
 * Switches the app's language (issue 12). The choice is remembered in this browser and, when
 * signed in, saved on the account: e-mails and API messages follow it.
 */
export function useChooseLanguage() {
  const queryClient = useQueryClient();
  return async (language: string) => {
    await activateLanguage(language);
    const session = queryClient.getQueryData(sessionQueryOptions().queryKey);
    if (!session) return;
    const { error } = await (await loadAuthClient()).updateUser({ locale: language });
    if (error) {
      toast.error(t('common.language.saveFailed'));
      return;
    }
    await queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey });
  };
}

/** A compact native select: no extra JavaScript in the initial bundle, keyboard and reader friendly. */
export function LanguageSwitch({ className }: { className?: string }) {
  const language = useLanguage();
  const choose = useChooseLanguage();
  const id = useId();
  if (availableLanguages.length < 2) return null;
  return (
    <div className={cn('flex items-center', className)}>
      <label htmlFor={id} className="sr-only">
        {t('common.language.label')}
      </label>
      <select
        id={id}
        value={language}
        onChange={(event) => void choose(event.target.value)}
        className="h-8 rounded-md border border-input bg-transparent px-2 text-sm text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {availableLanguages.map((tag) => (
          <option key={tag} value={tag} lang={tag}>
            {languageName(tag)}
          </option>
        ))}
      </select>
    </div>
  );
}
