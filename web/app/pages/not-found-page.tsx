import { Link } from 'react-router';
import { MSG } from '@common/core/texts';
import { Button } from '@web/components/ui/button';

export function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <p className="text-5xl font-bold tracking-tight text-link sm:text-6xl">404</p>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight sm:text-3xl">{MSG.pageNotFound}</h1>
      <p className="mt-3 text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Button asChild className="mt-8">
        <Link to="/">{MSG.returnHome}</Link>
      </Button>
    </div>
  );
}
