import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { AlertTriangle } from 'lucide-react';
import { useEffect } from 'react';
import { errorMessage, isApiError } from '../lib/api';
import { t } from '../lib/i18n';
import { reportError } from '../lib/error-reporting';
import { useDocumentTitle } from '../lib/use-document-title';
import { Button } from './ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './ui/card';

/** Shown when a route's loader or component throws: the message and a way to try again. */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  useDocumentTitle(t('common.error.documentTitle'));

  useEffect(() => {
    // A failed API call is the server's to report (5xx) or the user's business (4xx); anything
    // else is a bug in the page.
    if (!isApiError(error)) reportError(error);
  }, [error]);

  useEffect(() => {
    // Lets useSuspenseQuery fetch again instead of rethrowing the cached error.
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);

  return (
    <Card role="alert" className="mx-auto max-w-lg">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <AlertTriangle className="size-5 text-destructive" aria-hidden="true" />
          {t('common.error.title')}
        </CardTitle>
        <CardDescription>{errorMessage(error, t('common.error.pageNotLoaded'))}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={() => void router.invalidate()}>
          {t('common.error.tryAgain')}
        </Button>
      </CardContent>
    </Card>
  );
}
