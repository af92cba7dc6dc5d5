import { Loader2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import { useChooseLanguage } from '../../components/language-switch';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { availableLanguages, languageName, t, useLanguage } from '../../lib/i18n';

/**
 * A choice made here re-mounts the app in the new language (LanguageBoundary), and with it this
 * card: the new card gives the focus back to the chosen option, so keyboard and screen-reader
 * users stay where they were.
 */
let refocus = false;

/** Asks the card mounted after the switch to take the focus (or withdraws the request). */
function requestFocusAfterSwitch(wanted: boolean): void {
  refocus = wanted;
}

/** Whether this card should take the focus; answers true once per request. */
function takeFocusRequest(): boolean {
  const wanted = refocus;
  refocus = false;
  return wanted;
}

/**
 * The account's language (issue 12), as the header's switch sets it: the app re-renders in it,
 * this browser remembers it, and it is saved on the account, so e-mails and API messages follow
 * it and another browser starts in it after signing in.
 */
export function LanguageCard() {
  const language = useLanguage();
  const choose = useChooseLanguage();
  const titleId = useId();
  const name = useId();
  const [pending, setPending] = useState<string | null>(null);
  const chosen = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (takeFocusRequest()) chosen.current?.focus();
  }, []);

  async function change(next: string) {
    if (next === language) return;
    setPending(next);
    requestFocusAfterSwitch(true);
    try {
      await choose(next);
    } catch {
      requestFocusAfterSwitch(false);
      toast.error(t('account.language.loadFailed'));
    } finally {
      // Still mounted only when the language did not change (the catalog failed to load).
      setPending(null);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle id={titleId}>{t('account.language.title')}</CardTitle>
        <CardDescription>{t('account.language.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <div role="radiogroup" aria-labelledby={titleId} className="grid gap-2 sm:max-w-md">
          {availableLanguages.map((tag) => (
            <label
              key={tag}
              className="flex items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input
                ref={tag === language ? chosen : undefined}
                type="radio"
                name={name}
                value={tag}
                checked={tag === (pending ?? language)}
                disabled={pending !== null}
                onChange={() => void change(tag)}
                className="size-4 accent-primary"
              />
              <span lang={tag}>{languageName(tag)}</span>
              {pending === tag ? (
                <Loader2 className="ml-auto size-4 animate-spin" aria-hidden="true" />
              ) : null}
            </label>
          ))}
        </div>
      </CardContent>
    </Card>
  );
}
