import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { Building2, CalendarClock, LineChart, type LucideIcon } from 'lucide-react';
import { Button } from '../components/ui/button';
import { Card, CardDescription, CardHeader } from '../components/ui/card';
import { Skeleton } from '../components/ui/skeleton';
import { sessionQueryOptions } from '../features/auth/session';
import { msg, t } from '../lib/i18n';
import { useDocumentTitle } from '../lib/use-document-title';

export const Route = createFileRoute('/')({
  // Warm the session so the call to action is right on first paint; never fails the page.
  loader: ({ context: { queryClient } }) => queryClient.prefetchQuery(sessionQueryOptions()),
  component: LandingPage,
});

const features: { title: string; description: string; icon: LucideIcon }[] = [
  {
    title: msg('landing.feature.companies.title'),
    description: msg('landing.feature.companies.description'),
    icon: Building2,
  },
  {
    title: msg('landing.feature.valuations.title'),
    description: msg('landing.feature.valuations.description'),
    icon: LineChart,
  },
  {
    title: msg('landing.feature.vesting.title'),
    description: msg('landing.feature.vesting.description'),
    icon: CalendarClock,
  },
];

function LandingPage() {
  useDocumentTitle();
  // Not suspense: a public page must render even when the auth server cannot be reached.
  const session = useQuery(sessionQueryOptions());

  return (
    <div className="grid gap-12 py-6 sm:py-12">
      <section className="grid gap-6 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-5xl">
          {t('landing.hero.title')}
        </h1>
        <p className="mx-auto max-w-2xl text-base text-pretty text-muted-foreground sm:text-lg">
          {t('landing.hero.text')}
        </p>
        <div className="flex flex-wrap items-center justify-center gap-3">
          {session.isPending ? (
            <Skeleton className="h-11 w-64" />
          ) : session.data ? (
            <Button asChild size="lg">
              <Link to="/companies">{t('landing.cta.openCompanies')}</Link>
            </Button>
          ) : (
            <>
              <Button asChild size="lg">
                <Link to="/auth/sign-up">{t('landing.cta.startTrial')}</Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/auth/sign-in">{t('landing.cta.signIn')}</Link>
              </Button>
            </>
          )}
        </div>
      </section>

      <section aria-labelledby="features-heading" className="grid gap-4">
        <h2 id="features-heading" className="sr-only">
          {t('landing.features')}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          {features.map(({ title, description, icon: Icon }) => (
            <li key={title}>
              <Card className="h-full">
                <CardHeader>
                  <Icon className="size-6 text-primary" aria-hidden="true" />
                  <h3 className="text-base leading-tight font-semibold">{t(title)}</h3>
                  <CardDescription>{t(description)}</CardDescription>
                </CardHeader>
              </Card>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
