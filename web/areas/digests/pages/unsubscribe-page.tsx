import { MailX } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { DIGEST_MSG } from '@common/digests/model';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { isApiError } from '@web/lib/api-client';
import { useUnsubscribe } from '../api/unsubscribe';

/**
 * /unsubscribe?token=…: the digest mail's unsubscribe link, no sign-in needed. Opening it changes
 * nothing (a link scanner or a prefetch must not unsubscribe anyone); the button does.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribe();
  const refused = !token || (isApiError(unsubscribe.error) && unsubscribe.error.code !== 'NETWORK');

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <Card>
        <CardHeader className="items-center text-center">
          <MailX aria-hidden="true" className="size-10 text-muted-foreground" />
          <CardTitle as="h1">{DIGEST_MSG.unsubscribeTitle}</CardTitle>
          <CardDescription role="status">
            {unsubscribe.isSuccess
              ? DIGEST_MSG.unsubscribed
              : refused
                ? DIGEST_MSG.invalidLink
                : unsubscribe.isError
                  ? DIGEST_MSG.unsubscribeFailed
                  : DIGEST_MSG.unsubscribeQuestion}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap justify-center gap-2">
          {unsubscribe.isSuccess || refused ? null : (
            <Button onClick={() => unsubscribe.mutate(token)} disabled={unsubscribe.isPending}>
              {DIGEST_MSG.unsubscribeButton}
            </Button>
          )}
          <Button asChild variant="outline">
            <Link to="/settings?tab=notifications">{DIGEST_MSG.toSettings}</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
