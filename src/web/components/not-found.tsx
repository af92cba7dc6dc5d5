import { useQuery } from '@tanstack/react-query';
import { Link, useCanGoBack, useRouter, type LinkProps } from '@tanstack/react-router';
import { ArrowLeft, SearchX } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { sessionQueryOptions } from '../features/auth/session';
import { t } from '../lib/i18n';
import { useDocumentTitle } from '../lib/use-document-title';
import { Button } from './ui/button';

/**
 * A "not found" page: what is missing, why that may be, and the ways back (the previous page
 * when there is one in this tab's history, and `home`). The route-level pages (an unknown
 * address, a company, grant or plan that does not exist) all use it.
 */
export function NotFoundPage({
  title,
  description,
  home,
  level = 1,
}: {
  title: string;
  description: ReactNode;
  /** The link out of the dead end, e.g. to the list the missing item belonged to. */
  home: { label: string } & Pick<LinkProps, 'to' | 'params'>;
  /** 2 inside a page that has its own heading (a company's tab). */
  level?: 1 | 2;
}) {
  useDocumentTitle(title);
  const titleId = useId();
  const Heading = level === 1 ? 'h1' : 'h2';
  const router = useRouter();
  const canGoBack = useCanGoBack();
  return (
    <section
      aria-labelledby={titleId}
      className="mx-auto grid max-w-lg justify-items-center gap-4 py-12 text-center"
    >
      <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
      <Heading id={titleId} className="text-2xl font-semibold tracking-tight">
        {title}
      </Heading>
      <p className="text-sm text-pretty text-muted-foreground">{description}</p>
      <div className="flex flex-wrap justify-center gap-2">
        {canGoBack ? (
          <Button variant="outline" onClick={() => router.history.back()}>
            <ArrowLeft aria-hidden="true" />
            {t('shell.notFound.goBack')}
          </Button>
        ) : null}
        <Button asChild>
          <Link to={home.to} params={home.params}>
            {home.label}
          </Link>
        </Button>
      </div>
    </section>
  );
}

/** Unknown addresses: back to the companies when signed in, else to the home page. */
export function NotFound() {
  // Not suspense: the page must render whether or not the session is known.
  const { data: session } = useQuery(sessionQueryOptions());
  return (
    <NotFoundPage
      title={t('shell.notFound.page.title')}
      description={t('shell.notFound.page.text')}
      home={
        session
          ? { to: '/companies', label: t('shell.notFound.page.companies') }
          : { to: '/', label: t('shell.notFound.page.home') }
      }
    />
  );
}
